// The certificates on sale (GET /v1/gift/certificates/), loaded once per visit to a certificate page.
import { getGiftCertificates } from '../../api/gift.ts';
import { useLoad } from '../../components/use-load.ts';

export const useCertificates = () => useLoad('gift-certificates', getGiftCertificates);
