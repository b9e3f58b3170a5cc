// The small HTML page a link from a mail opens (confirming a subscription or a new e-mail, unsubscribing):
// what happened or what the button will do, the button as a form that POSTs back to the same address (so
// opening the link alone changes nothing: mail scanners open links), and the way back to the shop. No
// script, so the shop's CSP (form-action 'self') holds.
import type { FastifyReply } from 'fastify';
import { escapeMarkup } from './markup.ts';

export interface LinkPage {
  title: string;
  text: string;
  /** A form button that POSTs to `action`. */
  button?: { label: string; action: string };
  /** Where "Вернуться в магазин" goes. */
  back: string;
}

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;background:#f4f7f9;color:#1a1a1a;margin:0;display:flex;min-height:100vh;
align-items:center;justify-content:center}main{background:#fff;border-radius:12px;box-shadow:0 2px 12px #0002;padding:32px;
max-width:460px;width:100%}h1{font-size:24px;margin:0 0 12px}button{width:100%;padding:12px;border-radius:8px;border:0;
font-size:16px;cursor:pointer;background:#0a7d5a;color:#fff;margin:16px 0}a{color:#0a5d8a}`;

export function linkPage(p: LinkPage): string {
  const form = p.button
    ? `<form method="post" action="${escapeMarkup(p.button.action)}"><button type="submit">${escapeMarkup(p.button.label)}</button></form>`
    : '';
  return `<!doctype html>
<html lang="ru">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeMarkup(p.title)} — Море и Мода</title><style>${STYLE}</style></head>
<body><main>
  <h1>${escapeMarkup(p.title)}</h1>
  <p>${escapeMarkup(p.text)}</p>
  ${form}
  <p><a href="${escapeMarkup(p.back)}">Вернуться в магазин</a></p>
</main></body>
</html>`;
}

/** Answers the page, never kept by a cache (each one is about one link). */
export function sendLinkPage(reply: FastifyReply, status: number, page: LinkPage): FastifyReply {
  return reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(linkPage(page));
}
