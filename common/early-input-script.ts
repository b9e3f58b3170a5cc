// The page's record of what the shopper did before the app started, and the few things it does itself
// meanwhile. The server puts this script at the top of every page it renders (server/render/page-html.ts)
// and names its hash in the Content-Security-Policy (the shop admits no other inline script);
// src/app/early-input.ts replays the record once every part of the page has hydrated. The script keeps, in
// order, every tap on a button, radio or checkbox, every letter typed and every form sent, and keeps them
// from React's half-hydrated handlers (React would meet a radio already checked and never hear of it; it
// would replay a tap on a part it hydrates first, and the record would too). What a control does by itself
// (a radio's check, a typed letter) and links work as usual meanwhile. A tap on a frame's later piece not yet
// drawn by the app (PIECE_ATTRIBUTE) is kept also after the rest has hydrated, and made again on the piece
// once the app has drawn it. And these work at once:
// - a dialog's opener (a button whose aria-controls names a <dialog>: the menu's burger) opens it, and its
//   close button (DIALOG_CLOSE_ATTRIBUTE), a press beside it and Escape close it; inside it, a button whose
//   aria-controls names another element shows or hides that element (the menu's catalogue roots). The app is
//   told at the replay which dialogs are still open (an 'open' entry: its opener is tapped again);
// - a form marked NATIVE_FORM_ATTRIBUTE (the product page's add to basket) is sent to the server, which
//   answers it, when the page is not the service worker's (a first visit: the app's code is seconds away on a
//   slow network, while the form is one round trip), no basket change waits on this device (the server's
//   basket is not the shopper's then: the app must add on top of the queue), and what the attribute names is
//   in the form (a size chosen; else the app says what is missing). It goes once, with a key of its own: a
//   second tap while the server answers sends nothing, even once the app has started. This script sends it
//   (fetch) and, when the server has taken it (its answer is the redirect to the basket), says so in the
//   form's status (FORM_SENT_TEXT) and tells the app ('sent': the form hears FORM_SENT_EVENT at the replay,
//   or at once when the app has started). A refusal, or a send that failed on the way, is handed to the
//   browser with the same key: it shows the server's page (the refusal; or the basket, when the first send
//   did arrive), as a form the browser sends itself does.
import { href } from './routes.ts';
import { BASKET_QUEUED_COOKIE } from './storage-keys.ts';

/** The record's name on `window`. */
export const EARLY_INPUT_GLOBAL = '__earlyInput';

/** The record's entries: what was done, and to which element ('open': a dialog's opener, its dialog opened). */
export type EarlyInputKind = 'tap' | 'type' | 'submit' | 'open' | 'sent';

/** On a dialog's button: closes its dialog before the app starts too. */
export const DIALOG_CLOSE_ATTRIBUTE = 'data-closes-dialog';

/**
 * On a form the server answers: the browser may send it before the app starts; its value is a selector that
 * must match inside the form for that (what the server needs is there).
 */
export const NATIVE_FORM_ATTRIBUTE = 'data-native-when';

/** The form field that carries a form's idempotency key (server/http/idempotency.ts reads it). */
export const FORM_KEY_FIELD = 'idempotency_key';

/** What a form this script sent says once the server has taken it (the app's own «Добавлено» says the same). */
export const FORM_SENT_TEXT = { done: 'Добавлено в корзину.', link: 'Перейти в корзину' } as const;

/** The event a form this script sent hears when the app is told of it (the app's form then says it is done). */
export const FORM_SENT_EVENT = 'early-form-sent';

/**
 * On the root elements of a frame's later piece (src/app/Later.tsx, src/components/piece-marks.ts): which
 * piece; DRAWN_ATTRIBUTE once the app has drawn it. Until then the piece is the server's HTML, which nothing
 * answers, also after the rest of the page has hydrated: its taps are kept ('piece') and made again on the
 * piece drawn.
 */
export const PIECE_ATTRIBUTE = 'data-piece';
export const DRAWN_ATTRIBUTE = 'data-drawn';

// Plain ES5 without a build step: it runs before anything else on the page. A string, so its bytes (and hash)
// are the same for the server that sends it and the policy that admits it.
export const EARLY_INPUT_SCRIPT = `(function () {
  var early = (window.${EARLY_INPUT_GLOBAL} = { events: [], done: false });
  var TAP = 'button[type="button"], [role="button"], input[type="radio"], input[type="checkbox"]';
  var TEXT = 'input:not([type]), input[type="text"], input[type="search"], input[type="email"], input[type="tel"], input[type="password"], input[type="number"], textarea';
  function dialogTap(target) {
    var dialog = target.closest('dialog');
    if (dialog && (target === dialog || target.closest('[${DIALOG_CLOSE_ATTRIBUTE}]'))) {
      dialog.close();
      return true;
    }
    var opener = target.closest('button[aria-controls]');
    var controlled = opener && document.getElementById(opener.getAttribute('aria-controls'));
    if (controlled instanceof HTMLDialogElement) {
      if (!controlled.open) controlled.showModal();
      opener.setAttribute('aria-expanded', 'true');
      controlled.addEventListener('close', function () {
        opener.setAttribute('aria-expanded', 'false');
      }, { once: true });
      early.events.push({ kind: 'open', target: opener });
      return true;
    }
    if (controlled && dialog) {
      var show = controlled.hidden;
      controlled.hidden = !show;
      opener.setAttribute('aria-expanded', String(show));
      return true;
    }
    return false;
  }
  function sendsItself(form) {
    var needs = form.getAttribute('${NATIVE_FORM_ATTRIBUTE}');
    var worker = navigator.serviceWorker && navigator.serviceWorker.controller;
    return needs !== null && form.method === 'post' && !worker &&
      !/(^|;\\s*)${BASKET_QUEUED_COOKIE}=1/.test(document.cookie) && !!form.querySelector(needs);
  }
  function keyOf() {
    var bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return (b + 256).toString(16).slice(1); }).join('');
  }
  var sent = [];
  function tell(form) {
    if (early.done) form.dispatchEvent(new Event('${FORM_SENT_EVENT}'));
    else early.events.push({ kind: 'sent', target: form });
  }
  // The key stays out of the form while the page may still hydrate (an element React did not render would
  // not match it); the browser's own send, the fallback, takes it as a field.
  function send(form) {
    var key = keyOf();
    var body = new URLSearchParams(new FormData(form));
    body.append('${FORM_KEY_FIELD}', key);
    sent.push(form);
    fetch(form.action, { method: 'POST', body: body, credentials: 'include', redirect: 'manual' })
      .then(function (answer) {
        if (answer.type !== 'opaqueredirect') throw answer;
        sent.splice(sent.indexOf(form), 1);
        var status = form.querySelector('[role="status"]');
        if (status && !early.done) {
          var link = document.createElement('a');
          link.href = ${JSON.stringify(href('basket'))};
          link.textContent = ${JSON.stringify(FORM_SENT_TEXT.link)};
          status.replaceChildren(${JSON.stringify(FORM_SENT_TEXT.done)} + ' ', link);
        }
        tell(form);
      })
      .catch(function () {
        var field = document.createElement('input');
        field.type = 'hidden';
        field.name = '${FORM_KEY_FIELD}';
        field.value = key;
        form.appendChild(field);
        form.submit();
      });
  }
  function keep(e) {
    if (e.type === 'submit' && sent.indexOf(e.target) >= 0) {
      e.preventDefault();
      e.stopPropagation();
      return;
    }
    if (!(e.target instanceof Element)) return;
    var piece = e.target.closest('[${PIECE_ATTRIBUTE}]:not([${DRAWN_ATTRIBUTE}])');
    if (early.done && !piece) return;
    if (e.type === 'click' && !early.done && dialogTap(e.target)) {
      e.stopPropagation();
      return;
    }
    var target = e.type === 'click' ? e.target.closest(TAP) : e.type === 'submit' ? e.target : e.target.closest(TEXT);
    if (!target || target.disabled) return;
    e.stopPropagation();
    if (e.type === 'submit') {
      e.preventDefault();
      if (sendsItself(target)) return send(target);
    }
    // A control's state as the shopper left it, kept with the entry: the app may draw the control anew
    // before the replay (a store's change re-renders it from the app's own state, unchecking a radio).
    var entry = { kind: e.type === 'click' ? 'tap' : e.type === 'submit' ? 'submit' : 'type', target: target };
    if (piece) entry.piece = piece.getAttribute('${PIECE_ATTRIBUTE}');
    if (e.type === 'click' && target instanceof HTMLInputElement) entry.checked = target.checked;
    if (e.type !== 'click' && e.type !== 'submit') entry.value = target.value;
    early.events.push(entry);
  }
  ['click', 'input', 'change', 'submit'].forEach(function (type) {
    document.addEventListener(type, keep, true);
  });
  // Back to this page from the back-forward cache: a form sent from it may be sent again, on purpose.
  addEventListener('pageshow', function (e) {
    if (!e.persisted) return;
    sent.splice(0).forEach(function (form) {
      var key = form.querySelector('input[name="${FORM_KEY_FIELD}"]');
      if (key) key.remove();
    });
  });
})();`;
