// Page of /podarochnye-sertifikaty/{slug?}: the list of certificates without a slug, one certificate with it;
// its head from the certificates (common/pages/gift.ts).
import { giftCertificatesPage } from '../../../common/pages/gift.ts';
import { usePageAt } from '../../components/use-page-at.ts';
import { useOwnHead } from '../../components/use-page-title.ts';
import { CertificateDetail } from './CertificateDetail.tsx';
import { CertificateList } from './CertificateList.tsx';
import { useCertificates } from './use-certificates.ts';
import './gift.css';

export default function GiftCertificatesPage() {
  const at = usePageAt();
  const list = useCertificates();
  useOwnHead(list.data ? giftCertificatesPage.head?.(at, { certificates: list.data }) : null);
  const slug = at.params.slug;
  return slug ? <CertificateDetail slug={slug} /> : <CertificateList />;
}
