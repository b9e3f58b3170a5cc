-- 015_order_lifecycle: the order's statuses as the lifecycle names them (server/orders/lifecycle.ts,
-- common/order-status.ts), held by CHECK constraints a test compares with those unions; each history row
-- says from what status and who made the change; and the buyer's push on a status goes out for the statuses
-- the lifecycle tells the buyer of (BUYER_NOTICES), the same list.
alter table orders add constraint orders_status_known check (status in (
  'new', 'awaiting_payment', 'paid', 'assembling', 'shipped', 'ready_for_pickup', 'received', 'cancelled', 'returned'));

alter table order_status_history
  add column from_status text,
  add column actor text not null default 'system',
  add column actor_id integer;
alter table order_status_history add constraint order_status_history_status_known check (status in (
  'new', 'awaiting_payment', 'paid', 'assembling', 'shipped', 'ready_for_pickup', 'received', 'cancelled', 'returned'));
alter table order_status_history add constraint order_status_history_from_known check (from_status in (
  'new', 'awaiting_payment', 'paid', 'assembling', 'shipped', 'ready_for_pickup', 'received', 'cancelled', 'returned'));
alter table order_status_history add constraint order_status_history_actor_known check (actor in (
  'shopper', 'system', 'manager', 'accounting'));
-- The rows written before this record a placing as the buyer's; the rest were the shop's own.
update order_status_history set actor = 'shopper' where status = 'new';

drop trigger orders_status_push on orders;
create trigger orders_status_push after update of status on orders for each row
  when (new.status is distinct from old.status and new.status in ('paid', 'cancelled', 'shipped', 'ready_for_pickup', 'returned'))
  execute function push_event('order_status');
