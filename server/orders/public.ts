// What the other areas of the server may use of orders/: orders: placing one, its lifecycle, delivery, promo
// codes, its mails and history. Everything else in the folder is its own (eslint.config.js refuses an import
// from another area past this file).
export { default as deliveryRoutes } from './delivery-routes.ts';
export { tariffTableDelivery, type DeliveryProvider, type DeliveryQuote, type GoodsLine, type PickupPoint } from './delivery.ts';
export { default as historyRoutes } from './history-routes.ts';
export { AWAITS_PAYMENT } from './lifecycle-sql.ts';
export { markExchanged, markReminded, markTaken, setAccountingNumber, setManagerNote } from './lifecycle-records-sql.ts';
export {
  claimProviderRef,
  insertPayment,
  markLatePaid,
  paymentByExternalId,
  paymentById,
  paymentByProviderRef,
  pendingPayment,
  registeredPendingPayments,
  setPaymentStatus,
  type PaymentRow,
} from './lifecycle-payments-sql.ts';
export { claimPendingRefunds, markRefundDone, refundedOfPayment, refundsPending, releaseRefund } from './lifecycle-refunds-sql.ts';
export { claimPendingClosingReceipts, markClosingReceiptDone, releaseClosingReceipt } from './lifecycle-closing-sql.ts';
export {
  deskOrders,
  deskExtras,
  orderPayments,
  orderClosingReceipt,
  orderRefunds,
  orderTimeline,
  statusCounts,
  waitingOrders,
  type DeskFilter,
  type DeskListRow,
} from './desk-sql.ts';
export { LIFECYCLE_MESSAGES, SYSTEM, advance, cancel, returnGoods, pay, refundsDone, type Actor } from './lifecycle.ts';
export { handOver, paidOnReceipt } from './lifecycle-hand-over.ts';
export { managerMove } from './lifecycle-manager.ts';
export { METHOD_NAMES } from './delivery.ts';
export { iso } from './order-info.ts';
export { latePaymentNotice, paymentReminder } from './order-mails.ts';
export { orderByGuid, orderById, orderItems, shopMail, type OrderRow } from './orders-sql.ts';
export { saleReceipt, type Receipt, type ReceiptLine, type ReceiptMethod } from './receipt.ts';
export { default as promoRoutes } from './promo-routes.ts';
export { default as orderRoutes } from './routes.ts';
export { reminderLeadMinutes, type HoldRules } from './unpaid-holds.ts';
