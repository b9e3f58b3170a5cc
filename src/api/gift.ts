// Calls of gift certificates and gift cards (spec §7; the certificates on sale are the gift page's ask): a certificate's data by
// its ext_id (read from `response`), a card's balance by its code, and paying an order from a card.
import type { GiftCertificate } from '../../common/contract/orders.ts';
import { ENDPOINTS } from '../../common/endpoints.ts';
import { call } from './client.ts';

/** POST /v1/gift/card/data/ { ext_id }: the certificate's data, read from the answer's `response`. */
export async function getGiftCardData(ext_id: string): Promise<GiftCertificate> {
  return (await call(ENDPOINTS.giftCardData, { body: { ext_id } })).response;
}

/** POST /v1/check_card/ { code }: the card's balance and expiry; a refusal carries the server's Russian message. */
export const checkCard = (code: string) => call(ENDPOINTS.checkCard, { body: { code } });

/** POST /v1/giftcardpayment/ { guid, code } with an Idempotency-Key: a resend with the same key pays once. */
export const payWithGiftCard = (guid: string, code: string, key: string) =>
  call(ENDPOINTS.giftCardPayment, { body: { guid, code }, headers: { 'idempotency-key': key } });
