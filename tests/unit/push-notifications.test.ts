// The service worker's Web Push rules (sw/push.ts): what a push shows (the server's PushMessage, or a neutral
// notice for anything unreadable, since every push must show one) and where a click leads: a window already
// at the page is focused, else a new one opens; never another origin, never a tab navigated away.
import { describe, expect, it } from 'vitest';
import type { PushMessage } from '../../common/contract/push.ts';
import { clickTarget, NEUTRAL_PUSH, shownPush } from '../../sw/push.ts';

const ORIGIN = 'https://shop.test';

const message: PushMessage = {
  kind: 'price_drop',
  title: 'Цена снизилась',
  body: 'Купальник «Амальфи» теперь 3 990 ₽',
  url: '/kupalniki/bikini/12/amalfi',
  tag: 'price-12',
  version: 1,
};

describe('what a push shows', () => {
  it('shows the server’s message with its page', () => {
    expect(shownPush(JSON.stringify(message))).toEqual({
      title: 'Цена снизилась',
      body: 'Купальник «Амальфи» теперь 3 990 ₽',
      tag: 'price-12',
      url: '/kupalniki/bikini/12/amalfi',
    });
  });

  it('shows a neutral notice opening the home page for an empty or unreadable payload', () => {
    for (const text of [
      null,
      '',
      'not json',
      '{}',
      JSON.stringify({ ...message, version: 2 }),
      JSON.stringify({ ...message, kind: 'spam' }),
    ]) {
      expect(shownPush(text)).toEqual(NEUTRAL_PUSH);
    }
    expect(shownPush(JSON.stringify({ ...message, title: '  ' }))).toEqual(NEUTRAL_PUSH);
    expect(NEUTRAL_PUSH.url).toBe('/');
    expect(NEUTRAL_PUSH.title).toBeTruthy();
  });
});

describe('where a click leads', () => {
  const page = `${ORIGIN}/kupalniki/bikini/12/amalfi`;

  it('opens a new window at the page when no window shows it, leaving the others where they are', () => {
    const windows = [{ url: `${ORIGIN}/basket/delivery` }, { url: `${ORIGIN}/` }];
    expect(clickTarget('/kupalniki/bikini/12/amalfi', ORIGIN, windows)).toEqual({ open: page });
    expect(clickTarget('/kupalniki/bikini/12/amalfi', ORIGIN, [])).toEqual({ open: page });
  });

  it('focuses a window already showing the page (the focused one first), whatever its #fragment', () => {
    const windows = [{ url: `${ORIGIN}/` }, { url: `${page}#reviews` }, { url: page, focused: true }];
    expect(clickTarget('/kupalniki/bikini/12/amalfi', ORIGIN, windows)).toEqual({ focus: 2 });
    expect(clickTarget('/kupalniki/bikini/12/amalfi', ORIGIN, windows.slice(0, 2))).toEqual({ focus: 1 });
    // Another query is another page.
    expect(clickTarget('/kupalniki/bikini/12/amalfi?color=red', ORIGIN, windows)).toEqual({ open: `${page}?color=red` });
  });

  it('opens only the shop’s own pages: another origin, a script URL or none at all is the home page', () => {
    for (const url of ['https://evil.test/phish', '//evil.test/x', 'javascript:alert(1)', 'data:text/html,x', '', null, undefined, 42]) {
      expect(clickTarget(url, ORIGIN, [{ url: 'https://evil.test/phish' }])).toEqual({ open: `${ORIGIN}/` });
    }
    expect(clickTarget(`${ORIGIN}/news/3`, ORIGIN, [])).toEqual({ open: `${ORIGIN}/news/3` });
    expect(clickTarget(undefined, ORIGIN, [{ url: `${ORIGIN}/` }])).toEqual({ focus: 0 });
  });
});
