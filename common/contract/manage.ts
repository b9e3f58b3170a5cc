// The contract of the manager's desk (/api/manage/, staff only): the orders list with its search, filters and
// counts per status, one order as the desk shows it (lines, buyer, delivery, money, the timeline of every
// change with who made it), the actions the lifecycle allows from its status, and the manager's note.
import {
  array,
  assign,
  boolean,
  min,
  size,
  defaulted,
  enums,
  integer,
  nullable,
  object,
  optional,
  string,
  type,
  type Infer,
} from 'superstruct';
import { ORDER_STATUS_CODES, PAYMENT_METHOD_CODES, PAYMENT_STATUS_CODES } from '../order-status.ts';
import { MANAGER_MOVES } from '../manager-moves.ts';
import type { Rule } from '../input-rules.ts';
import { queryInt, ruled, text } from './base.ts';
import { OrderLine } from './orders.ts';

/** Orders a page of the desk's list holds. */
export const DESK_PAGE_SIZE = 50;

/**
 * A calendar day as a date field gives it (2026-11-26), one the calendar has: the desk's own rule, kept here
 * (not in input-rules.ts, which the shopper's pages load) so that only the desk's chunk carries it.
 */
export const DAY: Rule = {
  test: (s) => /^\d{4}-\d{2}-\d{2}$/.test(s) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
  message: 'Дата — в виде ГГГГ-ММ-ДД, например 2026-11-26',
};

/** A calendar day, as a date input gives it: 2026-11-26. */
const day = () => optional(ruled(DAY, 10));

export const DeskOrdersQuery = object({
  /** A number, a phone, an e-mail or a name (part of one). */
  q: optional(text(0, 100)),
  status: optional(enums(ORDER_STATUS_CODES)),
  /** How the orders are paid: online by card, or on receipt. */
  payment: optional(enums(PAYMENT_METHOD_CODES)),
  from: day(),
  to: day(),
  offset: defaulted(queryInt(0, 1_000_000), 0),
});
export type DeskOrdersQuery = Infer<typeof DeskOrdersQuery>;

const statusOf = {
  status: enums(ORDER_STATUS_CODES),
  status_name: string(),
  payment_status: enums(PAYMENT_STATUS_CODES),
  payment_status_name: string(),
  payment_method: enums(PAYMENT_METHOD_CODES),
  payment_method_name: string(),
};

export const DeskOrderRow = type({
  id: integer(),
  number: string(),
  created_at: string(),
  ...statusOf,
  buyer_fio: string(),
  buyer_phone: string(),
  buyer_email: string(),
  total: integer(),
  count: integer(),
  delivery_method: string(),
});
export type DeskOrderRow = Infer<typeof DeskOrderRow>;

export const DeskOrderList = type({
  count: integer(),
  results: array(DeskOrderRow),
  /** Orders of each status among those the search and dates find (whatever the status filter). */
  counts: array(type({ status: enums(ORDER_STATUS_CODES), status_name: string(), count: integer() })),
  /** Orders placed and not yet taken up by a manager (status new or paid): the tab's title shows it. */
  waiting: integer(),
});
export type DeskOrderList = Infer<typeof DeskOrderList>;

export const DeskTimelineEntry = type({
  status: enums(ORDER_STATUS_CODES),
  status_name: string(),
  from_status: nullable(string()),
  /** Who: «Покупатель», «Магазин», a staff member's e-mail, «Учётная система». */
  who: string(),
  comment: string(),
  created_at: string(),
});

export const DeskOrder = type({
  id: integer(),
  guid: string(),
  number: string(),
  /** The accounting system's own number for the order ('' until 1C answers). */
  accounting_number: string(),
  created_at: string(),
  ...statusOf,
  buyer: type({ fio: string(), phone: string(), email: string(), user_id: nullable(integer()) }),
  delivery: type({
    method: string(),
    method_name: string(),
    city: string(),
    address: string(),
    price: integer(),
    tracking_number: string(),
    /** The buyer tries the goods on at the door and keeps what fits. */
    fitting: boolean(),
  }),
  lines: array(assign(OrderLine, type({ ext_id: string(), certificate: boolean(), returned: integer() }))),
  money: type({
    items_sum: integer(),
    promo_code: nullable(string()),
    promo_discount: integer(),
    bonus_spent: integer(),
    total: integer(),
    gift_card_amount: integer(),
    due: integer(),
  }),
  payments: array(type({ provider: string(), amount: integer(), status: string(), created_at: string() })),
  refunds: array(type({ kopecks: integer(), status: string(), reason: string(), last_error: nullable(string()), created_at: string() })),
  /** The pickup point the buyer chose, as the carrier listed it. */
  pickup_point: nullable(type({ code: string(), name: string(), address: string() })),
  /** The shipment registered with the carrier (CDEK): its number once taken, the last failure; null for none. */
  shipment: nullable(
    type({
      carrier: string(),
      registered: boolean(),
      /** The order was cancelled and CDEK has withdrawn its shipment. */
      withdrawn: boolean(),
      number: nullable(string()),
      carrier_status: nullable(string()),
      attempts: integer(),
      last_error: nullable(string()),
    }),
  ),
  /** The closing (full-payment) receipt of the goods handed over: null until the order is received. */
  closing_receipt: nullable(type({ kopecks: integer(), status: string(), last_error: nullable(string()), created_at: string() })),
  timeline: array(DeskTimelineEntry),
  note: string(),
  /** The actions the lifecycle allows from the order's status now. */
  actions: array(enums(MANAGER_MOVES)),
});
export type DeskOrder = Infer<typeof DeskOrder>;

export const DeskActionRequest = object({
  action: enums(MANAGER_MOVES),
  /** Why (required to cancel or return: the buyer reads it in their mail). */
  reason: defaulted(text(0, 500), ''),
  /** The shipment's tracking number (required to ship). */
  tracking: defaulted(text(0, 100), ''),
  /** To return some of the goods only: these units of these lines (by ext_id); left out, all that is left. */
  lines: optional(size(array(object({ ext_id: text(1, 100), quantity: min(integer(), 1) })), 1, 100)),
  /** The hand-over of an order with fitting: the units of each line the buyer kept (a line left out, none; the rest came back at the door). */
  kept: optional(size(array(object({ ext_id: text(1, 100), quantity: min(integer(), 0) })), 1, 100)),
});
export type DeskActionRequest = Infer<typeof DeskActionRequest>;

export const DeskNoteRequest = object({ note: text(0, 5000) });

/** Who is at the desk. */
export const DeskMe = type({ email: string() });

/**
 * The desk's gate, step by step (server/desk/gate.ts): sign in; (not staff); prove the address by the invitation
 * link; sign in by password (a social sign-in never opens the desk); set up the authenticator; give its code;
 * open.
 */
export const DESK_STEPS = ['sign-in', 'not-staff', 'invitation', 'password', 'set-up', 'code', 'open'] as const;
export const DeskGate = type({ step: enums(DESK_STEPS), email: nullable(string()), message: string() });
export type DeskGate = Infer<typeof DeskGate>;

/** The invitation's token, from the link mailed to the staff address. */
export const DeskInvitationRequest = object({ token: text(1, 100) });
/** The authenticator's six digits, or a recovery code. */
export const DeskCodeRequest = object({ code: text(1, 40) });

/** The authenticator's secret to add: a QR code (SVG) and the same as letters, for typing it in. */
export const DeskSecondFactorSetup = type({ secret: string(), uri: string(), qr_svg: string() });

/** The desk opened: the recovery codes at the set-up (shown this once), how many are left after one is used. */
export const DeskOpened = type({
  recovery_codes: array(string()),
  recovery_codes_left: nullable(integer()),
  message: string(),
});

/** One exchange with the accounting system as the desk's log shows it. */
export const ExchangeRun = type({
  id: integer(),
  /** «Каталог» or «Заказы». */
  kind_name: string(),
  /** The file 1C named (import.xml, offers.xml, orders.xml), or the step (query, success). */
  file: string(),
  status: enums(['running', 'success', 'failure'] as const),
  status_name: string(),
  started_at: string(),
  finished_at: nullable(string()),
  /** A changes-only package (null: not a catalogue package). */
  changes_only: nullable(boolean()),
  /** What it did, each with its Russian name: «товаров добавлено: 12». */
  counts: array(type({ name: string(), count: integer() })),
  /** What it could not use, naming the file, the line and the product. */
  problems: array(string()),
  /** Why it was refused (1C was told the same). */
  failure: nullable(string()),
});
export type ExchangeRun = Infer<typeof ExchangeRun>;

export const ExchangeLog = type({
  /** The exchange is on (EXCHANGE_LOGIN and EXCHANGE_PASSWORD are set). */
  enabled: boolean(),
  /** The address the owner types into 1C or МойСклад. */
  address: string(),
  /** The price type that is the shop's price (EXCHANGE_PRICE_TYPE), null: the package's first. */
  price_type: nullable(string()),
  runs: array(ExchangeRun),
});
export type ExchangeLog = Infer<typeof ExchangeLog>;
