// The shipments of orders CDEK carries, registered and followed (the carrier's pass runs it every minute, the
// desk at once after a move and on «Повторить»): an order being assembled gets a pending shipment; a claimed
// one is sent to CDEK (POST /v2/orders) and its uuid kept the moment CDEK answers, then read back until CDEK
// has checked it and given its number. A registration whose answer was lost is found by the order's number, so
// no order is registered twice; one CDEK refused or did not answer stays pending with the reason on the desk,
// the order where it was. The registered ones are read again (a webhook says when; the pass, at the latest
// every ten minutes) and their statuses move the order (cdek-statuses.ts). The label of a registered one is
// CDEK's PDF.
import type { CdekConfig, VatRate } from '../config.ts';
import type { Db } from '../db/public.ts';
import { orderById, orderItems } from '../orders/public.ts';
import { CarrierError, CDEK_MESSAGES, type CdekApi } from './cdek-api.ts';
import { cdekOrderOf, type CdekOrderPlan } from './cdek-order.ts';
import { applyCarrierStatuses } from './cdek-statuses.ts';
import { orderCityCode } from './cities-sql.ts';
import { goodsRoots } from './goods-sql.ts';
import { packParcel } from './parcel.ts';
import {
  addPendingShipments,
  claimPending,
  keepCarrierUuid,
  markChecked,
  markRegistered,
  markWithdrawn,
  releaseShipment,
  shipmentOf,
  shipmentsToCheck,
  shipmentsToWithdraw,
  type ShipmentRow,
} from './shipments-sql.ts';

export interface CarrierDeps {
  db: Db;
  api: CdekApi;
  config: CdekConfig;
  vat: VatRate;
  publicUrl: string;
  warn: (msg: string) => void;
}

/** Shipments one pass registers at most: each is up to three calls of ten seconds, within the claim's two minutes. */
const PER_PASS = 3;
const CLAIM_SECONDS = 120;
/** A registered shipment's statuses are read again at least this often. */
const CHECK_EVERY_SECONDS = 600;
const LABEL_POLLS = 10;
const LABEL_POLL_MS = 500;

export const SHIPMENT_MESSAGES = {
  checking: 'СДЭК ещё проверяет заказ: номер придёт со следующей проверкой',
  noCity: 'Город заказа не найден в СДЭК: укажите адрес вручную или отправьте заказ сами',
  notRegistered: 'Заказ ещё не зарегистрирован в СДЭК: этикетки пока нет',
  labelLate: 'СДЭК ещё готовит этикетку: попробуйте через минуту',
  failed: 'Не удалось собрать заказ для СДЭК',
} as const;

/** The CDEK order of a shop's order: the tariff checkout priced it by, and the city's code. */
async function planOf(deps: CarrierDeps, orderId: number): Promise<CdekOrderPlan> {
  const order = (await orderById(deps.db, orderId))!;
  const items = await orderItems(deps.db, orderId);
  const parcel = packParcel(
    await goodsRoots(
      deps.db,
      items.filter((i) => i.gift_certificate_id === null).map((i) => ({ ext_id: i.ext_id, quantity: i.quantity - i.returned })),
    ),
    deps.config.parcels,
  );
  const to = await orderCityCode(deps.db, orderId);
  if (to === null) throw new CarrierError(SHIPMENT_MESSAGES.noCity, false);
  return cdekOrderOf(order, items, parcel, order.carrier_tariff!, to, deps.config, deps.vat);
}

async function registerOne(deps: CarrierDeps, s: ShipmentRow): Promise<void> {
  try {
    let uuid = s.carrier_uuid;
    if (!uuid) {
      const plan = await planOf(deps, s.order_id);
      const held = await deps.api.orderByNumber(plan.request.number);
      const taken = held && !held.requests.some((r) => r.type === 'CREATE' && r.state === 'INVALID');
      uuid = taken ? held.uuid : (await deps.api.createOrder(plan.request)).uuid;
      await keepCarrierUuid(deps.db, s.id, uuid, plan.wareKeys);
    }
    const held = await deps.api.order(uuid);
    const create = held.requests.find((r) => r.type === 'CREATE');
    if (create?.state === 'INVALID') {
      // CDEK refused it after its full check: registered anew (once the reason is mended) under a new uuid.
      const why = create.errors?.map((e) => e.message).join('; ') || 'заказ не принят';
      return releaseShipment(deps.db, s.id, CDEK_MESSAGES.refused(why), true);
    }
    if (!held.cdek_number) return releaseShipment(deps.db, s.id, SHIPMENT_MESSAGES.checking);
    await markRegistered(deps.db, s.id, held.cdek_number);
  } catch (err) {
    // The order stays where it was, the reason on the desk; the next pass (or «Повторить») tries again.
    const why =
      err instanceof CarrierError ? err.message : `${SHIPMENT_MESSAGES.failed}: ${err instanceof Error ? err.message : String(err)}`;
    deps.warn(`cdek: order ${s.order_id} not registered: ${why}`);
    await releaseShipment(deps.db, s.id, why);
  }
}

/**
 * Registers the shipments waiting (or the one of `orderId` now), claiming one at a time so that a claim never
 * runs out while it waits its turn; what is left waits for the next pass.
 */
export async function registerShipments(deps: CarrierDeps, orderId?: number): Promise<void> {
  await addPendingShipments(deps.db);
  for (let i = 0; i < (orderId ? 1 : PER_PASS); i++) {
    const [s] = await claimPending(deps.db, 1, CLAIM_SECONDS, orderId);
    if (!s) return;
    await registerOne(deps, s);
  }
}

/** Reads one registered shipment from CDEK and moves its order by what it says. */
export async function followShipment(deps: CarrierDeps, s: ShipmentRow): Promise<void> {
  if (!s.carrier_uuid) return;
  const held = await deps.api.order(s.carrier_uuid);
  await deps.db.transaction(async (tx) => {
    const order = await orderById(tx, s.order_id, true);
    if (order) await applyCarrierStatuses(tx, order, held, s, deps.publicUrl);
  });
  await markChecked(deps.db, s.id, held.statuses[0]?.code ?? null);
}

/** Reads again the registered shipments not read for a while. */
export async function followShipments(deps: CarrierDeps): Promise<void> {
  for (const s of await shipmentsToCheck(deps.db, 20, CHECK_EVERY_SECONDS)) {
    try {
      await followShipment(deps, s);
    } catch (err) {
      // One shipment that cannot move its order (a move the lifecycle refuses) holds up no other: it is marked
      // read, the reason logged, and read again in its turn.
      deps.warn(`cdek: shipment of order ${s.order_id} not followed: ${err instanceof Error ? err.message : String(err)}`);
      await markChecked(deps.db, s.id, null);
    }
  }
}

/**
 * Withdraws from CDEK the shipments of orders the shop has cancelled (or the one of `orderId` now): CDEK deletes
 * an order until its parcel is handed in. A refusal or no answer stays on the desk and the pass tries again.
 */
export async function withdrawShipments(deps: CarrierDeps, orderId?: number): Promise<void> {
  for (const s of await shipmentsToWithdraw(deps.db, PER_PASS, orderId)) {
    try {
      await deps.api.deleteOrder(s.carrier_uuid!);
      await markWithdrawn(deps.db, s.id);
    } catch (err) {
      if (!(err instanceof CarrierError)) throw err;
      deps.warn(`cdek: the shipment of cancelled order ${s.order_id} not withdrawn: ${err.message}`);
      await releaseShipment(deps.db, s.id, err.message);
    }
  }
}

/** The label (PDF) of an order's registered shipment, as CDEK prints it. */
export async function shipmentLabel(deps: CarrierDeps, orderId: number): Promise<Buffer> {
  const s = await shipmentOf(deps.db, orderId);
  if (!s?.carrier_uuid || s.status !== 'registered') throw new CarrierError(SHIPMENT_MESSAGES.notRegistered, false);
  const job = await deps.api.printLabel(s.carrier_uuid);
  for (let i = 0; i < LABEL_POLLS; i++) {
    const url = await deps.api.printed(job);
    if (url) return deps.api.download(url);
    await new Promise((r) => setTimeout(r, LABEL_POLL_MS));
  }
  throw new CarrierError(SHIPMENT_MESSAGES.labelLate, true);
}

/** Subscribes the shop's webhook address to CDEK's order statuses, unless it is already. */
export async function ensureWebhook(deps: CarrierDeps, url: string): Promise<void> {
  const hooks = await deps.api.webhooks();
  if (!hooks.some((h) => h.type === 'ORDER_STATUS' && h.url === url)) await deps.api.addWebhook(url);
}
