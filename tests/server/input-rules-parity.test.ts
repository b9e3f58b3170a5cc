// One rule, one verdict (common/input-rules.ts): each input rule's edge cases are given to the page's own
// validator of every form that has the field and sent, as they were typed, to every API call that takes it
// (a client that skips the page). Where the page marks the field, the server refuses with the same Russian
// message; where the page lets it through, the server does not refuse it for that rule. The other fields of
// each call are right, and the calls are made so that nothing passing is stored (a password repeat that
// differs, an unknown promo code, an unknown city), or on a user of its own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  ADDRESS_PARTS,
  CARD_CODE,
  COURIER_ADDRESS,
  EMAIL,
  FINISH_NAMES,
  FULL_NAME,
  OPTIONAL_PHONE,
  PASSWORD,
  PASSWORD_NEEDED,
  PHONE,
  PROFILE_NAMES,
  quantityFailing,
  type Rule,
} from '../../common/input-rules.ts';
import type { User } from '../../common/contract/accounts.ts';
import { checkFinish, checkForgot, checkLogin, checkRegister } from '../../src/features/popups/account-rules.ts';
import { checkDeliveryForm } from '../../src/features/checkout/checkout-rules.ts';
import { checkProfile, profileFormOf } from '../../src/features/account/profile-rules.ts';
import { checkAddress, emptyAddress } from '../../src/features/account/address-rules.ts';
import { oneBackend, startApp } from './harness.ts';
import { BUYER, city, createUser, freshVariant, shopper, type Call } from './shop-helpers.ts';

const EDGES = {
  email: [
    'anna@example.ru',
    ' ANNA@Example.RU ',
    'a@b.cd',
    'анна@пример.рф',
    'anna@example.r',
    'anna@example',
    'anna example@x.ru',
    '@example.ru',
    'anna@@example.ru',
    '',
    '   ',
  ],
  fullName: ['Иванова Анна', '  Иванова   Анна  ', 'Иванова Анна Сергеевна', 'Иванова\tАнна', 'Иванова', '  Иванова  ', ''],
  phone: [
    '+7(925)-123-45-67',
    '+79251234567',
    '79251234567',
    '+7 925 123 45 67',
    '89251234567',
    '+7(925)-123-45-6',
    '+7(925)-123-45-678',
    '+7(___)-___-__-__',
    '+7',
    '',
  ],
  password: ['Secret123', 'Morskoy2026', 'Пароль2026x', 'Short1A', 'nocapital2026', 'NoDigitsHere', '12345678'],
  namePart: ['Анна', 'Ли', ' Ли ', 'Ким', '   ', ''],
  address: ['ул. Петровка, д. 17', 'ул. 1', 'Тверь', '  abcd  ', 'abcd', ''],
  street: ['Тверская', 'Т', ' ', ''],
  postcode: ['123456', ' 123456 ', '12345', '1234567', '12345a', ''],
  cardCode: ['DEMO-5000-0001', ' demo-5000-0001 ', 'DEMO - 5000 - 0001', 'NO-SUCH-CARD', '   ', ''],
  quantity: [1, 2, 99, 100, 0, -1],
} as const;

/** What the server said of the rule: its message when it refused with it, else undefined (passed, or refused for another reason). */
const refusedWith = (rule: Pick<Rule, 'message'>, res: Call): string | undefined =>
  res.status === 400 && res.body?.message === rule.message ? rule.message : undefined;

describe('one rule, one verdict: the page and the API on the same input', () => {
  let app: FastifyInstance;
  let moscow: { city_id: number; region_id: number };
  let extId: string;
  beforeAll(async () => {
    app = await startApp(oneBackend[0]);
    moscow = await city(app, 'Москва');
    extId = (await freshVariant(app, 10_000)).ext_id;
  });
  afterAll(() => app?.close());

  /** Checks every value: the page's hint against the server's verdict, all failures listed at once. */
  const same = async <V>(values: readonly V[], page: (v: V) => string | undefined, api: (v: V) => Promise<string | undefined>) => {
    const verdicts = [];
    for (const v of values) verdicts.push({ value: v, page: page(v), api: await api(v) });
    expect(verdicts.filter((x) => x.page !== x.api)).toEqual([]);
    return verdicts;
  };

  const register = (fields: Record<string, string>) =>
    shopper(app).call('POST', '/api/v1/sign_in/', {
      full_name: 'Иванова Анна',
      email: `parity-${Math.random().toString(36).slice(2)}@example.ru`,
      password_one: 'Secret123',
      password_two: 'Secret124', // differs: a registration that passes every rule under test stops at the repeat
      ...fields,
    });
  const good = { full_name: 'Иванова Анна', email: 'anna@example.ru', phone: '', password_one: 'Secret123', password_two: 'Secret123' };

  /** An order that passes every rule under test stops at its unknown promo code, placing nothing. */
  const order = async (over: { buyer?: Partial<typeof BUYER>; delivery_method?: string; address?: string }) => {
    const s = shopper(app);
    await s.call('POST', '/api/v2/cart/', { ext_id: extId, quantity: 1 });
    return s.call('POST', '/api/v2/order/', {
      buyer: { ...BUYER, ...over.buyer },
      ...moscow,
      delivery_method: over.delivery_method ?? 'pickup',
      ...(over.address !== undefined ? { address: over.address } : {}),
      promo_code: 'NO-SUCH-PROMO',
    });
  };
  const delivery = { fio: BUYER.fio, email: BUYER.email, phone: BUYER.phone, cityChosen: true, method: 'pickup' as const, address: '' };

  /**
   * A profile field's edge cases, on a user of its own: the profile page's validator with `onPage(v)` in its
   * form against PUT /v1/changeinfo/ with `sent(v)` (the same, unless a test sends otherwise).
   */
  const sameInProfile = async <V extends string>(
    values: readonly V[],
    rule: Pick<Rule, 'message'>,
    field: keyof ReturnType<typeof profileFormOf>,
    onPage: (v: V) => Partial<ReturnType<typeof profileFormOf>>,
    sent: (v: V) => object = onPage,
    userFields: Parameters<typeof createUser>[1] = {},
  ) => {
    const user = await createUser(app, userFields);
    const me = await userOf(user.token);
    const profile = profileFormOf(me);
    await same(
      values,
      (v) => checkProfile({ ...profile, ...onPage(v) }, me)[field],
      async (v) => refusedWith(rule, await changeInfo(user.token, { ...profilePayloadOf(profile), ...sent(v) })),
    );
  };

  it('e-mail: registration, login, a forgotten password, the mailing, checkout and the profile', async () => {
    const verdicts = await same(
      EDGES.email,
      (v) => checkRegister({ ...good, email: v }).email,
      async (v) => refusedWith(EMAIL, await register({ email: v })),
    );
    expect(verdicts.filter((x) => x.page === undefined).map((x) => x.value)).toEqual([
      'anna@example.ru',
      ' ANNA@Example.RU ',
      'a@b.cd',
      'анна@пример.рф',
    ]);
    await same(
      EDGES.email,
      (v) => checkLogin({ email: v, password: 'x' }).email,
      async (v) => refusedWith(EMAIL, await shopper(app).call('POST', '/api/v1/auth/', { username: v, password: 'Wrong1234' })),
    );
    await same(
      EDGES.email,
      (v) => checkForgot(v).email,
      async (v) => refusedWith(EMAIL, await shopper(app).call('POST', '/api/v1/reset/', { email: v })),
    );
    await same(
      EDGES.email,
      (v) => (EMAIL.test(v) ? undefined : EMAIL.message), // the mailing page (MailingPage.tsx) asks the rule itself
      async (v) => refusedWith(EMAIL, await shopper(app).call('GET', `/api/v1/subscribe/?email=${encodeURIComponent(v)}`)),
    );
    await same(
      EDGES.email,
      (v) => checkDeliveryForm({ ...delivery, email: v }, true).email,
      async (v) => refusedWith(EMAIL, await order({ buyer: { email: v } })),
    );
    await sameInProfile(EDGES.email, EMAIL, 'email', (v) => ({ email: v }));
  });

  it('full name: registration and checkout', async () => {
    await same(
      EDGES.fullName,
      (v) => checkRegister({ ...good, full_name: v }).full_name,
      async (v) => refusedWith(FULL_NAME, await register({ full_name: v })),
    );
    await same(
      EDGES.fullName,
      (v) => checkDeliveryForm({ ...delivery, fio: v }, true).fio,
      async (v) => refusedWith(FULL_NAME, await order({ buyer: { fio: v } })),
    );
  });

  it('phone: needed at checkout, optional at registration and in the profile (an empty mask is no phone)', async () => {
    await same(
      EDGES.phone,
      (v) => checkDeliveryForm({ ...delivery, phone: v }, true).phone,
      async (v) => refusedWith(PHONE, await order({ buyer: { phone: v } })),
    );
    const verdicts = await same(
      EDGES.phone,
      (v) => checkRegister({ ...good, phone: v }).phone,
      async (v) => refusedWith(OPTIONAL_PHONE, await register({ phone: v })),
    );
    expect(verdicts.filter((x) => x.page === undefined).map((x) => x.value)).toEqual([
      '+7(925)-123-45-67',
      '+79251234567',
      '79251234567',
      '+7 925 123 45 67',
      '+7(___)-___-__-__',
      '+7',
      '',
    ]);
    await sameInProfile(EDGES.phone, OPTIONAL_PHONE, 'phone', (v) => ({ phone: v }), undefined, { phone: null });
  });

  it('password: registration and a new password in the profile', async () => {
    await same(
      EDGES.password,
      (v) => checkRegister({ ...good, password_one: v, password_two: v }).password_one,
      async (v) => refusedWith(PASSWORD, await register({ password_one: v, password_two: `${v}-другой` })),
    );
    await sameInProfile(
      EDGES.password,
      PASSWORD,
      'password_one',
      (v) => ({ password_one: v, password_two: v }),
      (v) => ({ password_one: v, password_two: `${v}-другой` }),
    );
  });

  it('a registration being finished needs a password: an empty one is told the same words on both sides', async () => {
    const names = { last_name: 'Ким', first_name: 'Анна', middle_name: 'Ивановна' };
    const page = checkFinish({ email: 'a@example.ru', ...names, password_one: '', password_two: '' }).password_one;
    const finishing = await createUser(app, { email: null });
    const api = refusedWith(
      { message: PASSWORD_NEEDED },
      await changeInfo(finishing.token, { email: 'finish-empty@example.ru', ...names }),
    );
    expect([page, api]).toEqual([PASSWORD_NEEDED, PASSWORD_NEEDED]);
  });

  it('names: each part longer than 2 characters to finish a registration, the surname and the first name in the profile', async () => {
    for (const field of ['last_name', 'first_name', 'middle_name'] as const) {
      await same(
        EDGES.namePart,
        (v) =>
          checkFinish({
            email: 'a@example.ru',
            last_name: 'Ким',
            first_name: 'Анна',
            middle_name: 'Ивановна',
            password_one: 'Secret123',
            password_two: 'Secret123',
            [field]: v,
          })[field],
        async (v) => {
          // A social sign-up without an e-mail of its own for each value: one that passes finishes it.
          const user = await createUser(app, { email: null });
          const res = await changeInfo(user.token, {
            email: `finish-${Math.random().toString(36).slice(2)}@example.ru`,
            last_name: 'Ким',
            first_name: 'Анна',
            middle_name: 'Ивановна',
            password_one: 'Secret123',
            password_two: 'Secret124',
            [field]: v,
          });
          return refusedWith(FINISH_NAMES[field], res);
        },
      );
    }
    for (const field of ['last_name', 'first_name'] as const) {
      await sameInProfile(EDGES.namePart, PROFILE_NAMES[field], field, (v) => ({ [field]: v }));
    }
  });

  it("addresses: the courier's address at checkout, a saved address's street, house and postcode", async () => {
    await same(
      EDGES.address,
      (v) => checkDeliveryForm({ ...delivery, method: 'courier', address: v }, true).address,
      async (v) => refusedWith(COURIER_ADDRESS, await order({ delivery_method: 'courier', address: v })),
    );
    const user = await createUser(app);
    const saved = { region_id: moscow.region_id, city_id: 999_999, city: 'Москва', street: 'Тверская', house: '1', postcode: '' };
    const page = {
      ...emptyAddress(true),
      city: { id: moscow.city_id, name: 'Москва', region_id: moscow.region_id, region: '' },
      street: 'Тверская',
      house: '1',
    };
    // The unknown city stops an address that passes every rule under test before it is stored.
    const add = (over: object) => shopper(app, user.token).call('POST', '/api/v1/user_address/', { ...saved, ...over });
    await same(
      EDGES.street,
      (v) => checkAddress({ ...page, street: v }).street,
      async (v) => refusedWith(ADDRESS_PARTS.street, await add({ street: v })),
    );
    await same(
      EDGES.street,
      (v) => checkAddress({ ...page, house: v }).house,
      async (v) => refusedWith(ADDRESS_PARTS.house, await add({ house: v })),
    );
    await same(
      EDGES.postcode,
      (v) => checkAddress({ ...page, postcode: v }).postcode,
      async (v) => refusedWith(ADDRESS_PARTS.postcode, await add({ postcode: v })),
    );
  });

  it('gift card codes: one cleaning on both sides, so a code typed in lower case with spaces finds its card', async () => {
    await same(
      EDGES.cardCode,
      (v) => (CARD_CODE.test(v) ? undefined : CARD_CODE.message), // GiftCardPayment.tsx and BalanceForm.tsx ask the rule
      async (v) => refusedWith(CARD_CODE, await shopper(app).call('POST', '/api/v1/check_card/', { code: v })),
    );
    for (const typed of [' demo-5000-0001 ', 'DEMO - 5000 - 0001']) {
      const res = await shopper(app).call('POST', '/api/v1/check_card/', { code: typed });
      expect([res.status, res.body.code]).toEqual([200, 'DEMO-5000-0001']);
    }
  });

  it('basket quantities: 1 to 99, when adding and when changing a line', async () => {
    const s = shopper(app);
    await same(
      EDGES.quantity,
      quantityFailing, // what changeQuantity (state/basket-actions.ts) asks before it queues anything
      async (q) => {
        const res = await s.call('POST', '/api/v2/cart/', { ext_id: extId, quantity: q });
        return res.status === 400 ? res.body.message : undefined;
      },
    );
    const line = (await s.call('GET', '/api/v2/cart/')).body.cart[0];
    await same(EDGES.quantity, quantityFailing, async (q) => {
      const res = await s.call('PUT', `/api/v2/cart/${line.item_uuid}/`, { quantity: q });
      return res.status === 400 ? res.body.message : undefined;
    });
  });

  const userOf = async (token: string): Promise<User> => (await shopper(app, token).call('GET', '/api/v1/get_user/')).body;
  const changeInfo = (token: string, body: object) => shopper(app, token).call('PUT', '/api/v1/changeinfo/', body);
  const profilePayloadOf = (f: ReturnType<typeof profileFormOf>) => ({
    last_name: f.last_name,
    first_name: f.first_name,
    middle_name: f.middle_name,
    email: f.email,
  });
});
