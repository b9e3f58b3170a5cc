// What the shopper did before the app started, made again once every part of the page has hydrated
// (the server's inline script, common/early-input-script.ts, keeps it in order and keeps it from React
// meanwhile). A button tapped early is tapped again; a radio or checkbox changed early, and text typed
// early, are told to the app as the change they were, in the state the shopper left them (React met them
// already changed at hydration and would not hear of them otherwise; and a store's change before the replay
// draws them anew from the app's state, unchecking the radio on screen); a form sent early is sent again; a
// dialog the script opened early (the menu) and still open is told to the app by its opener tapped again; a
// form the script sent itself, and the server took, hears FORM_SENT_EVENT (the form then says so, and the
// basket is asked for anew). So
// the size the shopper chose is the size the app adds, the menu on screen is the menu the app knows open, and
// nothing tapped is lost or done twice.
import { flushSync } from 'react-dom';
import {
  DRAWN_ATTRIBUTE,
  EARLY_INPUT_GLOBAL,
  FORM_SENT_EVENT,
  PIECE_ATTRIBUTE,
  type EarlyInputKind,
} from '../../common/early-input-script.ts';

/**
 * One entry of the record: with a radio's or checkbox's state after its tap, a field's text after the letter,
 * and the later piece whose server HTML it was made on (made again once that piece is drawn).
 */
interface EarlyInputEntry {
  kind: EarlyInputKind;
  target: Element;
  checked?: boolean;
  value?: string;
  piece?: string;
}

interface EarlyInput {
  events: EarlyInputEntry[];
  done: boolean;
}

// The prototype's value setter, past React's own on the element: React hears a change only against the
// value it last saw set, so a field is set back through React's setter and forward past it. Looked up when
// needed: the server's rendering imports this module too (Later.tsx), and has no DOM.
const nativeValueSetter = (field: HTMLInputElement | HTMLTextAreaElement) =>
  Object.getOwnPropertyDescriptor(
    field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype,
    'value',
  )!.set!;

/** A radio or checkbox's state as the shopper left it, told to the app: React's record set to the other state, then a click. */
function retellChecked(input: HTMLInputElement, checked: boolean): void {
  input.checked = !checked; // through React's setter: it now thinks the control is in the other state
  input.click(); // to the shopper's state: React's change, as if tapped now
}

/** Text as the shopper left it, told to the app: React's record set to other text, the text put past it, an input event. */
function retellText(field: HTMLInputElement | HTMLTextAreaElement, typed: string): void {
  field.value = typed === '' ? ' ' : '';
  nativeValueSetter(field).call(field, typed);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** What an early change is the last of: a field's own, or a radio's group (its name in its form): the last radio chosen wins. */
function changeKey(target: Element): Element {
  if (!(target instanceof HTMLInputElement) || target.type !== 'radio' || !target.name) return target;
  const scope = target.form ?? document;
  return [...scope.querySelectorAll('input[type="radio"]')].find((r) => (r as HTMLInputElement).name === target.name) ?? target;
}

const isOpenDialog = (el: Element | null) => el instanceof HTMLDialogElement && el.open;

/** A task from now: the microtasks of what was just done (a store's notices, React's renders of them) have run. */
const settled = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** The page's first script's record (none on a page without it: the app shell). */
const record = () => (window as unknown as Record<string, EarlyInput | undefined>)[EARLY_INPUT_GLOBAL];

/** Takes the entries `which` picks out of the record, leaving the others (the script may still add to it). */
function take(early: EarlyInput, which: (e: EarlyInputEntry) => boolean): EarlyInputEntry[] {
  const taken = early.events.filter(which);
  early.events = early.events.filter((e) => !which(e));
  return taken;
}

/** The element of a piece drawn anew that stands where `old` stood in its server HTML: the same kind, class, name and words. */
function drawnAgain(old: Element, piece: string): HTMLElement | null {
  const same = (el: Element) =>
    el.tagName === old.tagName &&
    el.className === old.className &&
    el.getAttribute('aria-label') === old.getAttribute('aria-label') &&
    el.textContent?.trim() === old.textContent?.trim();
  const roots = [...document.querySelectorAll(`[${PIECE_ATTRIBUTE}="${piece}"][${DRAWN_ATTRIBUTE}]`)];
  const found = roots.flatMap((root) => [root, ...root.querySelectorAll(old.tagName)]).filter(same);
  return found.length === 1 && found[0] instanceof HTMLElement ? found[0] : null;
}

/**
 * Makes again, in their order, the taps made on a later piece's server HTML (before the app started, or after
 * the rest had hydrated), on the piece the app has just drawn in its place (Later.tsx). A tap whose control
 * the piece no longer shows (the app's state changed it) is not made.
 */
export async function replayPieceInput(piece: string): Promise<void> {
  const early = record();
  if (!early) return;
  for (const e of take(early, (entry) => entry.piece === piece)) {
    if (e.kind !== 'tap') continue; // a piece's server HTML has buttons and links, no fields
    const now = drawnAgain(e.target, piece);
    if (!now) continue;
    flushSync(() => now.click());
    await settled();
  }
}

/** Makes the early events again, in their order: each control's change once (at its last place), each tap and send as made. */
export async function replayEarlyInput(): Promise<void> {
  const early = record();
  if (!early || early.done) return;
  early.done = true;
  // What was made on a later piece waits for it to be drawn (replayPieceInput).
  const events = take(early, (e) => !e.piece).filter((e) => e.target.isConnected);
  // A control's change and a dialog's opening count once, at their last place: each entry's key (a radio's
  // group, else its element), and where each key was last met.
  const keys = events.map((e) => changeKey(e.target));
  const last = new Map<Element, number>();
  keys.forEach((key, i) => last.set(key, i));
  for (const [i, e] of events.entries()) {
    const { target } = e;
    // Each one settled before the next is made: a size chosen is in the app (its store, then the page drawn
    // from it) before «Добавить в корзину» is tapped again.
    flushSync(() => {
      if (target instanceof HTMLInputElement && e.kind === 'tap') {
        if (last.get(keys[i]!) === i) retellChecked(target, e.checked ?? target.checked);
      } else if (e.kind === 'type' && (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement)) {
        if (last.get(keys[i]!) === i) retellText(target, e.value ?? target.value);
      } else if (e.kind === 'open') {
        if (last.get(keys[i]!) === i && isOpenDialog(document.getElementById(target.getAttribute('aria-controls') ?? ''))) {
          (target as HTMLElement).click(); // the opener tapped again: the app now knows its dialog is open
        }
      } else if (e.kind === 'submit' && target instanceof HTMLFormElement) {
        target.requestSubmit();
      } else if (e.kind === 'sent') {
        target.dispatchEvent(new Event(FORM_SENT_EVENT));
      } else if (e.kind === 'tap' && target instanceof HTMLElement) {
        target.click();
      }
    });
    await settled();
  }
}
