// The built-in test payment provider's page «Тестовая оплата»: the order's number and sum, and two forms
// that post back to the server (pay or cancel). No script, so the shop's CSP (form-action 'self') holds.
import { formatPrice } from '../../common/money.ts';
import { escapeMarkup } from '../http/public.ts';

export interface TestPaymentView {
  action: string;
  number: string;
  amount: number;
  status: 'pending' | 'succeeded' | 'failed';
  orderPaid: boolean;
  orderUrl: string;
}

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;background:#f4f7f9;color:#1a1a1a;margin:0;display:flex;min-height:100vh;
align-items:center;justify-content:center}main{background:#fff;border-radius:12px;box-shadow:0 2px 12px #0002;padding:32px;
max-width:420px;width:100%}h1{font-size:24px;margin:0 0 8px}.note{color:#667;font-size:14px}.sum{font-size:28px;font-weight:600;
margin:16px 0}.row{display:flex;gap:12px;margin-top:24px}form{flex:1}button{width:100%;padding:12px;border-radius:8px;border:0;
font-size:16px;cursor:pointer}.pay{background:#0a7d5a;color:#fff}.cancel{background:#e6e9ec;color:#1a1a1a}a{color:#0a5d8a}`;

export function testPaymentPage(v: TestPaymentView): string {
  const body =
    v.status === 'pending' && !v.orderPaid
      ? `<p>Заказ № ${escapeMarkup(v.number)}</p>
  <p class="sum">${escapeMarkup(formatPrice(v.amount))}</p>
  <p class="note">Это тестовый платёж: деньги не списываются.</p>
  <div class="row">
    <form method="post" action="${escapeMarkup(v.action)}/pay"><button class="pay" type="submit">Оплатить</button></form>
    <form method="post" action="${escapeMarkup(v.action)}/cancel"><button class="cancel" type="submit">Отменить</button></form>
  </div>`
      : `<p>Заказ № ${escapeMarkup(v.number)}</p>
  <p>${v.orderPaid ? 'Заказ уже оплачен.' : 'Этот платёж больше не действует.'}</p>
  <p><a href="${escapeMarkup(v.orderUrl)}">Вернуться к заказу</a></p>`;
  return `<!doctype html>
<html lang="ru">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Тестовая оплата</title><style>${STYLE}</style></head>
<body><main>
  <h1>Тестовая оплата</h1>
  ${body}
</main></body>
</html>`;
}
