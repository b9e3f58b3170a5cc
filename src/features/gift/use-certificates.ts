// The certificates on sale (GET /v1/gift/certificates/), loaded once per visit to a certificate page; the
// server renders those pages with them (the page module's ask, common/pages/gift.ts).
import { CERTIFICATES_ASK } from '../../../common/pages/gift.ts';
import { useAsk } from '../../components/use-load.ts';

export const useCertificates = () => useAsk(CERTIFICATES_ASK);
