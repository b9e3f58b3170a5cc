-- 023_order_notices_from_the_lifecycle: the buyer's push about their order is written by the order's lifecycle
-- beside the mail (server/orders/lifecycle.ts tellBuyer, push/push-sql.ts enqueueOrderNotice), no longer by a
-- trigger on the status: one place says what the buyer is told, a return of some of the goods (the status
-- stays) included. The triggers of the catalogue's notices and of the payment reminder stay.
drop trigger orders_status_push on orders;
