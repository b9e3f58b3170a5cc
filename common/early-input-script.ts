// The page's record of what the shopper did before the app started. The server puts this script at the top of
// every page it renders (server/render/page-html.ts) and names its hash in the Content-Security-Policy (the
// shop admits no other inline script); src/app/early-input.ts replays the record once every part of the page
// has hydrated. The script keeps, in order, every tap on a button, radio or checkbox, every letter typed and
// every form sent, and keeps them from React's half-hydrated handlers (React would meet a radio already
// checked and never hear of it; it would replay a tap on a part it hydrates first, and the record would too).
// What a control does by itself (a radio's check, a typed letter) and links work as usual meanwhile.

/** The record's name on `window`. */
export const EARLY_INPUT_GLOBAL = '__earlyInput';

/** The record's entries: what was done, and to which element. */
export type EarlyInputKind = 'tap' | 'type' | 'submit';

// Plain ES5 without a build step: it runs before anything else on the page. A string, so its bytes (and hash)
// are the same for the server that sends it and the policy that admits it.
export const EARLY_INPUT_SCRIPT = `(function () {
  var early = (window.${EARLY_INPUT_GLOBAL} = { events: [], done: false });
  var TAP = 'button[type="button"], [role="button"], input[type="radio"], input[type="checkbox"]';
  var TEXT = 'input:not([type]), input[type="text"], input[type="search"], input[type="email"], input[type="tel"], input[type="password"], input[type="number"], textarea';
  function keep(e) {
    if (early.done || !(e.target instanceof Element)) return;
    var target = e.type === 'click' ? e.target.closest(TAP) : e.type === 'submit' ? e.target : e.target.closest(TEXT);
    if (!target || target.disabled) return;
    if (e.type === 'submit') e.preventDefault();
    e.stopPropagation();
    early.events.push({ kind: e.type === 'click' ? 'tap' : e.type === 'submit' ? 'submit' : 'type', target: target });
  }
  ['click', 'input', 'change', 'submit'].forEach(function (type) {
    document.addEventListener(type, keep, true);
  });
})();`;
