// The footer: information pages, contacts, help and the error report form, and the social links of the
// organization data.
import { Link } from 'wouter';
import { href } from '../../../common/routes.ts';
import { useCatalog } from '../../state/catalog.ts';
import { useNow } from '../../state/seeds.ts';
import { openWidgetPopup } from '../../state/widgets.ts';
import { INFO_LINKS } from './info-links.ts';

export function Footer() {
  const org = useCatalog().organization.data;
  const year = useNow().getFullYear();
  const social: [string, string][] = org
    ? ([
        ['ВКонтакте', org.link_vk],
        ['Instagram', org.link_inst],
        ['Telegram', org.link_telegram],
        ['WhatsApp', org.link_whatsapp],
      ].filter(([, url]) => url) as [string, string][])
    : [];
  return (
    <footer className="footer">
      <div className="container footer__grid">
        <nav aria-label="Информация" className="footer__links">
          {INFO_LINKS.map(([name, label]) => (
            <Link key={name} href={href(name)}>
              {label}
            </Link>
          ))}
        </nav>
        <div className="footer__contacts">
          {org && <p>{org.phone}</p>}
          <p className="footer__help">
            <button type="button" className="link-button" onClick={() => openWidgetPopup('help')}>
              Помощь
            </button>
            <button type="button" className="link-button" onClick={() => openWidgetPopup('error-report')}>
              Сообщить об ошибке
            </button>
          </p>
          <ul className="footer__social">
            {social.map(([label, url]) => (
              <li key={label}>
                <a href={url} target="_blank" rel="noopener noreferrer">
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <p className="container footer__copy">© {year} Море и Мода</p>
    </footer>
  );
}
