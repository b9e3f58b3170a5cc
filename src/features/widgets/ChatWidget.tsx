// The chat-app widget (spec §2): on a product page it offers to write to the operator or to send the
// product's link (the page meta's whatsappMessage); elsewhere it opens the chat at once. The chat is the
// organization's WhatsApp link (else its Telegram link); without either the widget is not shown.
import { useState } from 'react';
import { useLocation } from 'wouter';
import { useCatalog } from '../../state/catalog.ts';
import { useWidgets } from '../../state/widgets.ts';

function chatLinks(chatUrl: string, message: string): { operator: string; product: string } {
  const sep = chatUrl.includes('?') ? '&' : '?';
  return { operator: chatUrl, product: `${chatUrl}${sep}text=${encodeURIComponent(message)}` };
}

export function ChatWidget() {
  const org = useCatalog().organization.data;
  const { chat } = useWidgets();
  const [path] = useLocation();
  const [open, setOpen] = useState(false);
  const chatUrl = org?.link_whatsapp || org?.link_telegram || '';
  if (!chatUrl) return null;
  const onProduct = chat.path === path && chat.message !== '';
  if (!onProduct) {
    return (
      <a className="chat-widget" href={chatUrl} target="_blank" rel="noopener noreferrer" aria-label="Открыть чат с магазином">
        Чат
      </a>
    );
  }
  const links = chatLinks(chatUrl, chat.message);
  return (
    <div className="chat-widget-wrap">
      {open && (
        <ul className="chat-widget__menu" aria-label="Чат с магазином">
          <li>
            <a href={links.operator} target="_blank" rel="noopener noreferrer" onClick={() => setOpen(false)}>
              Написать оператору
            </a>
          </li>
          <li>
            <a href={links.product} target="_blank" rel="noopener noreferrer" onClick={() => setOpen(false)}>
              Отправить ссылку на товар
            </a>
          </li>
        </ul>
      )}
      <button type="button" className="chat-widget" aria-expanded={open} aria-label="Чат с магазином" onClick={() => setOpen(!open)}>
        Чат
      </button>
    </div>
  );
}
