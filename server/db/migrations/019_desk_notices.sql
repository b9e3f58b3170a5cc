-- 019_desk_notices: the manager's desk hears of orders as they happen, however the rows change (the checkout,
-- the bank, the unpaid-order pass, another manager, an import): each new order and each change of an order's
-- status or payment is announced on the channel desk_orders with the order's id, after its transaction
-- commits; the server turns the notices into the desk's events (server/desk/events.ts).
create function desk_orders_notice() returns trigger language plpgsql as $$
begin
  perform pg_notify('desk_orders', new.id::text);
  return new;
end $$;

create trigger orders_desk_notice after insert or update of status, payment_status on orders
  for each row execute function desk_orders_notice();
