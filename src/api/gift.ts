// Calls of gift certificates and gift cards (spec §7): the certificates on sale, a certificate's data by
// its ext_id (read from `response`), a card's balance by its code, and paying an order from a card.
import {
  CheckCardResponse,
  GiftCardDataResponse,
  GiftCardPaymentResponse,
  GiftCertificateList,
  type GiftCertificate,
} from '../../common/contract.ts';
import { request } from './client.ts';

export const getGiftCertificates = () => request('/v1/gift/certificates/', GiftCertificateList);

/** POST /v1/gift/card/data/ { ext_id }: the certificate's data, read from the answer's `response`. */
export async function getGiftCardData(ext_id: string): Promise<GiftCertificate> {
  const answer = await request('/v1/gift/card/data/', GiftCardDataResponse, { method: 'POST', body: { ext_id } });
  return answer.response;
}

/** POST /v1/check_card/ { code }: the card's balance and expiry; a refusal carries the server's Russian message. */
export const checkCard = (code: string) => request('/v1/check_card/', CheckCardResponse, { method: 'POST', body: { code } });

/** POST /v1/giftcardpayment/ { guid, code } with an Idempotency-Key: a resend with the same key pays once. */
export const payWithGiftCard = (guid: string, code: string, key: string) =>
  request('/v1/giftcardpayment/', GiftCardPaymentResponse, { method: 'POST', body: { guid, code }, headers: { 'idempotency-key': key } });
