// What the shopper did before the app started, made again once every part of the page has hydrated
// (the server's inline script, common/early-input-script.ts, keeps it in order and keeps it from React
// meanwhile). A button tapped early
// is tapped again; a radio or checkbox changed early, and text typed early, are told to the app as the
// change they were (React met them already changed at hydration and would not hear of them otherwise); a
// form sent early is sent again; a dialog the script opened early (the menu) and still open is told to the
// app by its opener tapped again. So the size the shopper sees chosen is the size the app adds, the menu on
// screen is the menu the app knows open, and nothing tapped is lost or done twice.
import { flushSync } from 'react-dom';
import { EARLY_INPUT_GLOBAL, type EarlyInputKind } from '../../common/early-input-script.ts';

interface EarlyInput {
  events: { kind: EarlyInputKind; target: Element }[];
  done: boolean;
}

// The prototype's value setters, past React's own on the element: React hears a change only against the
// value it last saw set, so a field is set back through React's setter and forward past it.
const nativeValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
const nativeAreaValue = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!;

/** A radio or checkbox's state now, told to the app: React's record set to the other state, then a click. */
function retellChecked(input: HTMLInputElement): void {
  const now = input.checked;
  if (input.type === 'radio' && !now) return; // another of its group was chosen after it: that one is told
  input.checked = !now; // through React's setter: it now thinks the control is in the other state
  input.click(); // back to the shopper's state: React's change, as if tapped now
}

/** Text typed early, told to the app: React's record emptied, the text put back past it, an input event. */
function retellText(field: HTMLInputElement | HTMLTextAreaElement): void {
  const typed = field.value;
  if (typed === field.defaultValue) return;
  field.value = field.defaultValue;
  (field instanceof HTMLTextAreaElement ? nativeAreaValue : nativeValue).call(field, typed);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

const isOpenDialog = (el: Element | null) => el instanceof HTMLDialogElement && el.open;

/** A task from now: the microtasks of what was just done (a store's notices, React's renders of them) have run. */
const settled = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Makes the early events again, in their order: each control's change once (at its last place), each tap and send as made. */
export async function replayEarlyInput(): Promise<void> {
  const early = (window as unknown as Record<string, EarlyInput | undefined>)[EARLY_INPUT_GLOBAL];
  if (!early || early.done) return;
  early.done = true;
  const events = early.events.splice(0).filter((e) => e.target.isConnected);
  const lastChange = new Map<Element, number>();
  const lastOpen = new Map<Element, number>();
  events.forEach((e, i) => {
    if (e.kind === 'type' || (e.kind === 'tap' && e.target instanceof HTMLInputElement)) lastChange.set(e.target, i);
    if (e.kind === 'open') lastOpen.set(e.target, i);
  });
  for (const [i, e] of events.entries()) {
    const { target } = e;
    // Each one settled before the next is made: a size chosen is in the app (its store, then the page drawn
    // from it) before «Добавить в корзину» is tapped again.
    flushSync(() => {
      if (target instanceof HTMLInputElement && e.kind === 'tap') {
        if (lastChange.get(target) === i) retellChecked(target);
      } else if (e.kind === 'type' && (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement)) {
        if (lastChange.get(target) === i) retellText(target);
      } else if (e.kind === 'open') {
        if (lastOpen.get(target) === i && isOpenDialog(document.getElementById(target.getAttribute('aria-controls') ?? ''))) {
          (target as HTMLElement).click(); // the opener tapped again: the app now knows its dialog is open
        }
      } else if (e.kind === 'submit' && target instanceof HTMLFormElement) {
        target.requestSubmit();
      } else if (e.kind === 'tap' && target instanceof HTMLElement) {
        target.click();
      }
    });
    await settled();
  }
}
