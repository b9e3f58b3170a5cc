-- 025_pay_on_receipt: an order may be paid when its goods are handed over («Оплата при получении»), where its
-- delivery method and zone allow it. orders.payment_method says how the buyer pays: 'card' (online, before the
-- goods leave; the unpaid order holds its goods until hold_until) or 'on_receipt' (cash or card at the door or
-- the pickup point: held for the buyer without that deadline, assembled and shipped unpaid, and paid when the
-- goods are handed over). delivery_tariffs.pay_on_receipt_upto is the largest order total (roubles) a method
-- takes payment on receipt for in its zone; null: that method does not offer it there. Existing tariffs offer
-- it nowhere until the owner says so.
alter table orders
  add column payment_method text not null default 'card' check (payment_method in ('card', 'on_receipt'));

alter table delivery_tariffs
  add column pay_on_receipt_upto integer check (pay_on_receipt_upto > 0);

create index orders_payment_method on orders (payment_method) where payment_method <> 'card';
