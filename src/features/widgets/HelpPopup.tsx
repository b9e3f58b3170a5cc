// The help popup (spec §2): how to reach the shop (phone, chat) and the pages that answer most questions,
// with a way on to the error report form.
import { Link } from 'wouter';
import { Popup } from '../../components/Popup.tsx';
import { href } from '../../../common/routes.ts';
import { useCatalog } from '../../state/catalog.ts';
import { closeWidgetPopup, openWidgetPopup } from '../../state/widgets.ts';

const ANSWERS: [route: string, label: string][] = [
  ['delivery-and-payments', 'Доставка и оплата'],
  ['return-goods', 'Возврат товара'],
  ['fitting-conditions', 'Условия примерки'],
  ['card', 'Проверить баланс подарочной карты'],
  ['contacts', 'Контакты'],
];

export function HelpPopup() {
  const org = useCatalog().organization.data;
  const chat = org?.link_whatsapp || org?.link_telegram;
  return (
    <Popup title="Помощь" onClose={closeWidgetPopup}>
      {org && (
        <p>
          Позвоните нам: <a href={`tel:${org.phone.replace(/[^\d+]/g, '')}`}>{org.phone}</a>
          {chat && (
            <>
              {' '}
              или{' '}
              <a href={chat} target="_blank" rel="noopener noreferrer">
                напишите в чат
              </a>
            </>
          )}
          .
        </p>
      )}
      <ul className="help-links">
        {ANSWERS.map(([name, label]) => (
          <li key={name}>
            <Link href={href(name)} onClick={closeWidgetPopup}>
              {label}
            </Link>
          </li>
        ))}
      </ul>
      <button type="button" className="link-button" onClick={() => openWidgetPopup('error-report')}>
        Сообщить об ошибке
      </button>
    </Popup>
  );
}
