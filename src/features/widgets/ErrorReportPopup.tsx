// The error report form 'Сообщить об ошибке' (spec §2, §4, §5, §8): a contact (e-mail or phone) and a
// message, both required — an empty one is marked and nothing is sent, typing clears the mark; sent, it
// says 'Сообщение отправлено успешно'; a failure marks both fields and is logged.
import { useState, type FormEvent } from 'react';
import { sendMessage } from '../../api/content.ts';
import { Popup } from '../../components/Popup.tsx';
import { closeWidgetPopup } from '../../state/widgets.ts';

export const SENT_TEXT = 'Сообщение отправлено успешно';
type Field = 'contact' | 'message';

export function ErrorReportPopup() {
  const [contact, setContact] = useState('');
  const [message, setMessage] = useState('');
  const [marked, setMarked] = useState<Record<Field, boolean>>({ contact: false, message: false });
  const [state, setState] = useState<'form' | 'sending' | 'sent'>('form');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const empty = { contact: !contact.trim(), message: !message.trim() };
    setMarked(empty);
    if (empty.contact || empty.message) return;
    setState('sending');
    try {
      await sendMessage(contact.trim(), message.trim(), location.pathname);
      setState('sent');
    } catch (err) {
      console.error('[error report] not sent', err);
      setMarked({ contact: true, message: true });
      setState('form');
    }
  };

  return (
    <Popup title="Сообщить об ошибке" onClose={closeWidgetPopup}>
      {state === 'sent' ? (
        <p role="status" className="notice">
          {SENT_TEXT}
        </p>
      ) : (
        <form className="report-form" noValidate onSubmit={submit}>
          <label className="report-form__field">
            <span>E-mail или телефон для связи</span>
            <input
              value={contact}
              aria-invalid={marked.contact}
              autoComplete="email"
              onChange={(e) => {
                setContact(e.target.value);
                setMarked((m) => ({ ...m, contact: false }));
              }}
            />
            {marked.contact && <small className="report-form__error">Укажите, как с вами связаться</small>}
          </label>
          <label className="report-form__field">
            <span>Что случилось</span>
            <textarea
              rows={5}
              value={message}
              aria-invalid={marked.message}
              onChange={(e) => {
                setMessage(e.target.value);
                setMarked((m) => ({ ...m, message: false }));
              }}
            />
            {marked.message && <small className="report-form__error">Опишите ошибку</small>}
          </label>
          <button type="submit" className="button" disabled={state === 'sending'}>
            Отправить
          </button>
        </form>
      )}
    </Popup>
  );
}
