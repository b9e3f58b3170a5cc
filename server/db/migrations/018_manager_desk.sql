-- 018_manager_desk: what the manager's desk keeps on an order beside its status: the shipment's tracking
-- number (the buyer sees it on the order page), the manager's own note (never shown to the buyer), and who
-- of the staff made each change (order_status_history.actor_id names the user). The desk's list searches
-- orders by number, phone, e-mail or name and filters them by status and date, newest first.
alter table orders add column tracking_number text not null default '';
alter table orders add column manager_note text not null default '';
create index orders_created on orders (created_at desc, id desc);
create index orders_status_created on orders (status, created_at desc);
