// One order at the desk: its status and payment, the buyer (a tap calls or mails them), delivery with the
// tracking number, the lines with their pictures, the money, payments, refunds and the closing receipt, the timeline of every
// change with who made it; the moves the lifecycle allows now, each asking what it needs (a tracking number
// to ship, a reason to cancel or return) and keeping what was typed when the shop refuses; and the manager's
// note, kept as typed until it is saved.
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import type { DeskOrder } from '../../../common/contract/manage.ts';
import { undoesSale, type ManagerMove } from '../../../common/manager-moves.ts';
import { formatPrice } from '../../../common/money.ts';
import { isSettled, paysAtHandOver, paysOnReceipt } from '../../../common/order-status.ts';
import { formatKopecks } from '../../../common/kopecks.ts';
import { namedTitle } from '../../../common/titles.ts';
import { href } from '../../../common/routes.ts';
import { deskOrder, moveOrder, registerShipment, saveOrderNote, shipmentLabelUrl } from '../../api/desk.ts';
import { OrderTotals } from '../../components/OrderLines.tsx';
import { onOrder } from './desk-time.ts';
import { useLoad } from '../../components/use-load.ts';
import { useOwnHead } from '../../components/use-page-title.ts';
import { MOVE_TEXTS } from './desk-search.ts';
import { Picture } from '../../components/Picture.tsx';

const messageOf = (err: unknown) => (err instanceof Error ? err.message : 'Не получилось. Попробуйте ещё раз');

export function DeskOrderView({ id }: { id: number }) {
  const loaded = useLoad(`desk-order ${id}`, () => deskOrder(id));
  // A move or a note answers the order anew: that answer is the order from then on.
  const [changed, setOrder] = useState<DeskOrder | undefined>();
  const order = changed ?? loaded.data;
  useOwnHead({ title: namedTitle(order ? `Заказ ${order.number}` : 'Заказ') });
  const back = (
    <Link href={href('manage')} className="desk__back">
      ← Все заказы
    </Link>
  );
  if (loaded.error !== null)
    return (
      <>
        {back}
        <p className="notice notice--error" role="alert">
          {messageOf(loaded.error)}
        </p>
      </>
    );
  if (!order)
    return (
      <p className="muted" role="status">
        Загружаем заказ…
      </p>
    );
  return (
    <article className="desk-order" data-testid="desk-order">
      {back}
      <h1>
        Заказ № {order.number}{' '}
        <span className="desk-order__status" data-testid="desk-status">
          {order.status_name}
        </span>
      </h1>
      <p className="muted">
        Оформлен {onOrder(order.created_at)} · Оплата: {order.payment_status_name}
        {paysOnReceipt(order) && <span data-testid="desk-payment-method"> · {order.payment_method_name}</span>}
        {order.accounting_number && (
          <>
            {' '}
            · В учётной системе: <span data-testid="desk-accounting-number">{order.accounting_number}</span>
          </>
        )}
      </p>
      <Moves order={order} onMoved={setOrder} />
      <Shipment order={order} onChanged={setOrder} />
      <div className="desk-order__grid">
        <section>
          <h2>Покупатель</h2>
          <p>
            {order.buyer.fio}
            <br />
            <a href={`tel:${order.buyer.phone}`}>{order.buyer.phone}</a>
            <br />
            <a href={`mailto:${order.buyer.email}`}>{order.buyer.email}</a>
            {order.buyer.user_id !== null && <small className="muted"> · есть личный кабинет</small>}
          </p>
        </section>
        <section>
          <h2>Доставка</h2>
          <p>
            {order.delivery.method_name}, {formatPrice(order.delivery.price)}
            {order.delivery.fitting && <strong data-testid="desk-fitting"> · с примеркой</strong>}
            <br />
            {order.pickup_point && (
              <>
                Пункт выдачи СДЭК «{order.pickup_point.name}» ({order.pickup_point.code})
                <br />
              </>
            )}
            {[order.delivery.city, order.delivery.address].filter(Boolean).join(', ')}
            {order.delivery.tracking_number && (
              <>
                <br />
                Трек-номер: <strong data-testid="desk-tracking">{order.delivery.tracking_number}</strong>
              </>
            )}
          </p>
        </section>
      </div>
      <section>
        <h2>Товары</h2>
        <table className="desk-table">
          <tbody>
            {order.lines.map((l, i) => (
              <tr key={i}>
                <td>{l.image && <Picture src={l.image} alt="" sizes="40px" width={40} height={52} loading="lazy" />}</td>
                <td>
                  {l.name}
                  {l.certificate && <small className="muted"> · подарочный сертификат</small>}
                  <br />
                  <small className="muted">{[l.brand, l.size, l.color, l.ext_id].filter(Boolean).join(' · ')}</small>
                </td>
                <td className="num">
                  {l.quantity} × {formatPrice(l.price)}
                  {l.returned > 0 && <small className="muted"> · возвращено {l.returned}</small>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <Money order={order} />
      </section>
      {(order.payments.length > 0 || order.refunds.length > 0 || order.closing_receipt) && (
        <section>
          <h2>Платежи и возвраты</h2>
          <ul className="desk-list">
            {order.payments.map((p, i) => (
              <li key={`p${i}`}>
                {onOrder(p.created_at)} · {p.provider}: {formatPrice(p.amount)} · {PAYMENT_STATES[p.status] ?? p.status}
              </li>
            ))}
            {order.refunds.map((r, i) => (
              <li key={`r${i}`}>
                {onOrder(r.created_at)} · возврат {formatKopecks(r.kopecks)} · {r.status === 'done' ? 'выполнен' : 'ждёт банка'}
                {r.last_error && <span className="form-error"> · {r.last_error}</span>}
              </li>
            ))}
            {order.closing_receipt && (
              <li data-testid="desk-closing-receipt">
                {onOrder(order.closing_receipt.created_at)} · чек полного расчёта {formatKopecks(order.closing_receipt.kopecks)} ·{' '}
                {order.closing_receipt.status === 'done' ? 'пробит' : 'ждёт банка'}
                {order.closing_receipt.last_error && <span className="form-error"> · {order.closing_receipt.last_error}</span>}
              </li>
            )}
          </ul>
        </section>
      )}
      <section>
        <h2>История</h2>
        <ol className="desk-list" data-testid="desk-timeline">
          {order.timeline.map((t, i) => (
            <li key={i}>
              {onOrder(t.created_at)} — <strong>{t.status_name}</strong> · {t.who}
              {t.comment && <span className="muted"> · {t.comment}</span>}
            </li>
          ))}
        </ol>
      </section>
      <Note order={order} onSaved={setOrder} />
    </article>
  );
}

const PAYMENT_STATES: Record<string, string> = { pending: 'ожидает', succeeded: 'оплачен', failed: 'не прошёл' };

function Money({ order }: { order: DeskOrder }) {
  const m = order.money;
  return (
    <OrderTotals sums={{ ...m, delivery_price: order.delivery.price }}>
      {m.gift_card_amount > 0 && (
        <p>
          Оплачено подарочной картой: <span>−{formatPrice(m.gift_card_amount)}</span>
        </p>
      )}
      {m.due > 0 && !isSettled(order) && (
        <p>
          {paysAtHandOver(order) ? 'Получить при вручении' : 'Осталось оплатить'}: <span>{formatPrice(m.due)}</span>
        </p>
      )}
    </OrderTotals>
  );
}

/** The moves allowed now: one chosen, its form asks what it needs; a refusal is shown and the typed text stays. */
function Moves({ order, onMoved }: { order: DeskOrder; onMoved: (o: DeskOrder) => void }) {
  const [chosen, setChosen] = useState<ManagerMove | null>(null);
  const [reason, setReason] = useState('');
  const [tracking, setTracking] = useState('');
  // Units of each line to send back, by ext_id: all that is left unless the manager says fewer.
  const [back, setBack] = useState<Record<string, number>>({});
  // Units of each line the buyer kept at a hand-over with fitting: all that is left unless the manager says fewer.
  const [kept, setKept] = useState<Record<string, number>>({});
  const fittingHandOver = (move: ManagerMove) => move === 'received' && order.delivery.fitting;
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);
  if (!order.actions.length) return null;
  const run = async (move: ManagerMove) => {
    const lines = move === 'returned' ? someLines(order, back) : undefined;
    if (lines?.length === 0) return setError('Укажите, что из заказа вернули');
    const keptLines = fittingHandOver(move)
      ? returnable(order).map((l) => ({ ext_id: l.ext_id, quantity: kept[l.ext_id] ?? l.left }))
      : undefined;
    setSending(true);
    setError('');
    try {
      onMoved(await moveOrder(order.id, { action: move, reason, tracking, lines, kept: keptLines }));
      setChosen(null);
      setReason('');
      setTracking('');
      setBack({});
      setKept({});
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setSending(false);
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (chosen) void run(chosen);
  };
  const needs = chosen ? (fittingHandOver(chosen) ? 'kept' : MOVE_TEXTS[chosen].needs) : undefined;
  return (
    <div className="desk-moves">
      <div className="desk-moves__buttons">
        {order.actions.map((move) => (
          <button
            key={move}
            type="button"
            className={`button button--small${undoesSale(move) ? ' button--ghost' : ''}`}
            aria-pressed={chosen === move}
            disabled={sending}
            onClick={() => (MOVE_TEXTS[move].needs || fittingHandOver(move) ? setChosen(move) : void run(move))}
          >
            {moveButton(order, move)}
          </button>
        ))}
      </div>
      {chosen && needs && (
        <form className="desk-moves__form" onSubmit={submit}>
          {needs === 'kept' ? (
            <LineCounts
              order={order}
              legend="Что покупатель оставил после примерки (остальное курьер вернул)"
              counts={kept}
              onChange={setKept}
            />
          ) : needs === 'tracking' ? (
            <label>
              Трек-номер отправления
              <input value={tracking} onChange={(e) => setTracking(e.target.value)} autoFocus required maxLength={100} />
            </label>
          ) : (
            <label>
              Причина (покупатель прочтёт её в письме)
              <input value={reason} onChange={(e) => setReason(e.target.value)} autoFocus required maxLength={500} />
            </label>
          )}
          {chosen === 'returned' && <LineCounts order={order} legend="Что вернули" counts={back} onChange={setBack} />}
          <button type="submit" className="button button--small" disabled={sending}>
            {fittingHandOver(chosen) ? 'Отметить получение' : MOVE_TEXTS[chosen].button}
          </button>
          <button type="button" className="button button--small button--ghost" onClick={() => setChosen(null)}>
            Не сейчас
          </button>
        </form>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

function Note({ order, onSaved }: { order: DeskOrder; onSaved: (o: DeskOrder) => void }) {
  const [text, setText] = useState(order.note);
  const [state, setState] = useState<{ saving: boolean; message: string; failed: boolean }>({ saving: false, message: '', failed: false });
  const save = async (e: FormEvent) => {
    e.preventDefault();
    setState({ saving: true, message: '', failed: false });
    try {
      onSaved(await saveOrderNote(order.id, text));
      setState({ saving: false, message: 'Заметка сохранена', failed: false });
    } catch (err) {
      setState({ saving: false, message: messageOf(err), failed: true });
    }
  };
  return (
    <form className="desk-note" onSubmit={save}>
      <label>
        <h2>Заметка менеджера</h2>
        <small className="muted">Видна только сотрудникам магазина</small>
        <textarea value={text} onChange={(e) => setText(e.target.value)} rows={3} maxLength={5000} />
      </label>
      <button type="submit" className="button button--small" disabled={state.saving || text === order.note}>
        Сохранить заметку
      </button>
      {state.message && (
        <p className={state.failed ? 'form-error' : 'muted'} role={state.failed ? 'alert' : 'status'}>
          {state.message}
        </p>
      )}
    </form>
  );
}

/**
 * A move's button: the hand-over of an order paid on receipt says it is paid too, and what (after a fitting, only
 * what the buyer keeps: counted once the manager says what that was).
 */
function moveButton(order: DeskOrder, move: ManagerMove): string {
  if (move !== 'received' || !paysAtHandOver(order)) return MOVE_TEXTS[move].button;
  return order.delivery.fitting ? 'Получен и оплачен: отметить примерку' : `Получен и оплачен: ${formatPrice(order.money.due)}`;
}

/**
 * The order's shipment with the carrier: its number once registered, the carrier's last status and the label to
 * print; or why it is not registered yet, and a button to try again.
 */
function Shipment({ order, onChanged }: { order: DeskOrder; onChanged: (o: DeskOrder) => void }) {
  const [sending, setSending] = useState(false);
  const [error, setError] = useState('');
  const s = order.shipment;
  if (!s) return null;
  const retry = async () => {
    setSending(true);
    setError('');
    try {
      onChanged(await registerShipment(order.id));
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setSending(false);
    }
  };
  return (
    <section className="desk-shipment" data-testid="desk-shipment">
      <h2>Отправление {s.carrier}</h2>
      {s.withdrawn ? (
        <p data-testid="desk-shipment-withdrawn">Заказ отменён, отправление {s.number} удалено в СДЭК</p>
      ) : s.registered ? (
        <p>
          Номер: <strong data-testid="desk-shipment-number">{s.number}</strong>
          {s.carrier_status && <> · статус у перевозчика: {s.carrier_status}</>} ·{' '}
          <a href={shipmentLabelUrl(order.id)} target="_blank" rel="noreferrer">
            Этикетка (PDF)
          </a>
          {s.last_error && (
            <>
              <br />
              <span className="form-error" data-testid="desk-shipment-error">
                {s.last_error}
              </span>
            </>
          )}
        </p>
      ) : (
        <>
          <p className="notice" role="status">
            Ещё не зарегистрировано
            {s.last_error && (
              <>
                : <span data-testid="desk-shipment-error">{s.last_error}</span>
              </>
            )}
          </p>
          <button type="button" className="button button--small" disabled={sending} onClick={() => void retry()}>
            Повторить регистрацию
          </button>
        </>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

/** How many units of each line not yet sent back (all of them unless the manager says fewer): kept, or returned. */
function LineCounts(props: {
  order: DeskOrder;
  legend: string;
  counts: Record<string, number>;
  onChange: (counts: Record<string, number>) => void;
}) {
  const { order, legend, counts, onChange } = props;
  return (
    <fieldset className="desk-moves__lines">
      <legend>{legend}</legend>
      {returnable(order).map((l) => (
        <label key={l.ext_id}>
          {l.name} {l.size && `(${l.size})`}
          <input
            type="number"
            min={0}
            max={l.left}
            value={counts[l.ext_id] ?? l.left}
            onChange={(e) => onChange({ ...counts, [l.ext_id]: Math.max(0, Math.min(l.left, Math.floor(Number(e.target.value) || 0))) })}
          />
          из {l.left}
        </label>
      ))}
    </fieldset>
  );
}

/** The order's lines with units not yet sent back. */
const returnable = (order: DeskOrder) => order.lines.map((l) => ({ ...l, left: l.quantity - l.returned })).filter((l) => l.left > 0);

/** The units chosen to send back, or undefined when they are all that is left (the whole return). */
function someLines(order: DeskOrder, back: Record<string, number>) {
  const lines = returnable(order).map((l) => ({ ext_id: l.ext_id, quantity: back[l.ext_id] ?? l.left, left: l.left }));
  if (lines.every((l) => l.quantity === l.left)) return undefined;
  return lines.filter((l) => l.quantity > 0).map(({ ext_id, quantity }) => ({ ext_id, quantity }));
}
