// The certificates on sale (GET /v1/gift/certificates/), loaded once per visit to a certificate page; the
// server renders those pages with them (src/app/page-requests.ts).
import { getGiftCertificates } from '../../api/gift.ts';
import { useData, type DataRequest } from '../../components/use-load.ts';
import type { GiftCertificate } from '../../../common/contract/orders.ts';

export const certificatesRequest: DataRequest<GiftCertificate[]> = { key: 'gift-certificates', load: (api) => getGiftCertificates(api) };

export const useCertificates = () => useData(certificatesRequest);
