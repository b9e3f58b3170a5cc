// Where a buyer lands after paying: the shop's success page, or back on the order's page with what happened
// (the page reads ?payment=cancelled|failed|pending).
export const successPath = (guid: string) => `/basket/success?guid=${encodeURIComponent(guid)}`;
export const orderPath = (guid: string, payment?: 'cancelled' | 'failed' | 'pending') =>
  `/basket/delivery/confirm/${encodeURIComponent(guid)}${payment ? `?payment=${payment}` : ''}`;
