-- 028_shipment_withdrawn: an order the shop cancels after CDEK took its shipment is withdrawn from CDEK
-- (DELETE /v2/orders/{uuid}, allowed while the parcel has not been handed in); its shipment says so.
alter table shipments drop constraint shipments_status_check;
alter table shipments add constraint shipments_status_check check (status in ('pending', 'registered', 'withdrawn'));
