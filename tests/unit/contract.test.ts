// The contract's checks and their Russian messages, shared by the server's 400s and the app's loads.
import { describe, expect, it } from 'vitest';
import { PageQuery } from '../../common/contract/base.ts';
import { OffersQuery } from '../../common/contract/catalog.ts';
import { Organization } from '../../common/contract/frame.ts';
import { check } from '../../common/validate.ts';

describe('contract', () => {
  it('coerces query strings and applies the default page of 24', () => {
    expect(check({}, PageQuery)).toEqual({ ok: true, value: { limit: 24, offset: 0 } });
    expect(check({ limit: '12', offset: '48' }, PageQuery)).toEqual({ ok: true, value: { limit: 12, offset: 48 } });
  });

  it('parses the JSON `data` filter', () => {
    const res = check({ data: '{"sizes":["M"],"sort":"price_asc"}' }, OffersQuery);
    expect(res).toEqual({ ok: true, value: { limit: 24, offset: 0, data: { sizes: ['M'], sort: 'price_asc' } } });
  });

  it('names the failing field in Russian', () => {
    expect(check({ limit: '1e3' }, PageQuery)).toEqual({ ok: false, message: 'Неверное значение поля «limit»' });
    expect(check({ data: '{oops' }, OffersQuery)).toEqual({ ok: false, message: 'Неверное значение поля «data»' });
    expect(check({ phone: '1' }, Organization)).toMatchObject({ ok: false, message: expect.stringMatching(/^Не заполнено поле «/) });
    expect(check('text', Organization)).toEqual({ ok: false, message: 'Неверный формат данных запроса' });
  });

  it('accepts an organization answer of the fixed shape', () => {
    const org = {
      phone: '1',
      phone_chats: '2',
      promocode: '',
      logo: '/logo.svg',
      link_vk: '',
      link_inst: '',
      link_telegram: '',
      link_whatsapp: '',
    };
    expect(check(org, Organization).ok).toBe(true);
  });
});
