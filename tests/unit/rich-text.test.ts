// The rich text of posts and information pages as every answer carries it (server/content/rich-text.ts):
// what the shop or its old site typed in keeps its text and its plain markup, and loses everything that
// could run, restyle the page or lead out of it unannounced.
import { describe, expect, it } from 'vitest';
import { safeRichText } from '../../server/content/rich-text.ts';

const SHOP = 'https://moreimoda.example';
const safe = (html: string) => safeRichText(html, SHOP);

describe('safeRichText', () => {
  it('drops scripts with their code, handlers, styles, frames and forms, and keeps the text', () => {
    const out = safe(
      '<p style="color:red" onclick="steal()">Итоги <b>31 июля</b></p><script>alert(1)</script><iframe src="https://x.example"></iframe>' +
        '<form action="/x"><input name="a"></form><img src="/media/a.svg" onerror="fetch(\'/xss-probe\')" alt="A">',
    );
    expect(out).toBe('<p>Итоги <b>31 июля</b></p><img src="/media/a.svg" alt="A" />');
  });

  it('takes the href off a javascript: link and opens links that leave the shop in a new tab', () => {
    expect(safe('<a href="javascript:alert(1)">Участвовать</a>')).toBe('<a>Участвовать</a>');
    expect(safe('<a href="https://vk.com/moreimoda" target="_top">VK</a>')).toBe(
      '<a href="https://vk.com/moreimoda" target="_blank" rel="noopener noreferrer">VK</a>',
    );
    expect(safe(`<a href="${SHOP}/sale">Скидки</a><a href="/new">Новинки</a><a href="tel:+74951204567">Позвонить</a>`)).toBe(
      `<a href="${SHOP}/sale">Скидки</a><a href="/new">Новинки</a><a href="tel:+74951204567">Позвонить</a>`,
    );
    expect(safe('<a href="//evil.example/x">x</a>')).toBe('<a>x</a>');
  });
});
