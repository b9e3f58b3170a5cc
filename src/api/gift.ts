// Calls of gift certificates and gift cards (spec §7): the certificates on sale, a certificate's data by
// its ext_id (read from `response`), and a card's balance by its code.
import { CheckCardResponse, GiftCardDataResponse, GiftCertificateList, type GiftCertificate } from './contract.ts';
import { request } from './client.ts';

export const getGiftCertificates = () => request('/v1/gift/certificates/', GiftCertificateList);

/** POST /v1/gift/card/data/ { ext_id }: the certificate's data, read from the answer's `response`. */
export async function getGiftCardData(ext_id: string): Promise<GiftCertificate> {
  const answer = await request('/v1/gift/card/data/', GiftCardDataResponse, { method: 'POST', body: { ext_id } });
  return answer.response;
}

/** POST /v1/check_card/ { code }: the card's balance and expiry; a refusal carries the server's Russian message. */
export const checkCard = (code: string) => request('/v1/check_card/', CheckCardResponse, { method: 'POST', body: { code } });
