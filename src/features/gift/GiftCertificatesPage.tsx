// Page of /podarochnye-sertifikaty/{slug?}: the list of certificates without a slug, one certificate with it.
import { useLocation } from 'wouter';
import { matchRoute } from '../../../common/routes.ts';
import { CertificateDetail } from './CertificateDetail.tsx';
import { CertificateList } from './CertificateList.tsx';
import './gift.css';

export default function GiftCertificatesPage() {
  const [path] = useLocation();
  const slug = matchRoute(path)?.params.slug;
  return slug ? <CertificateDetail slug={slug} /> : <CertificateList />;
}
