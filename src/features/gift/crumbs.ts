// The breadcrumb trail shared by the gift pages: 'Главная', then the certificates list.
import { HOME_CRUMB, type Crumb } from '../../lib/breadcrumbs.ts';
import { href } from '../../../common/routes.ts';

export const CERTIFICATES_LABEL = 'Подарочные сертификаты';
export const certificatesCrumbs = (): Crumb[] => [HOME_CRUMB, { label: CERTIFICATES_LABEL, href: href('podarochnye-sertifikaty') }];
