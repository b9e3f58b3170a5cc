// @vitest-environment jsdom
// What the shopper did before the app started, told to the app once it has (common/early-input-script.ts
// records, src/app/early-input.ts replays): a size tapped and text typed early reach the app as the shopper
// left them, even when the app drew them anew from its own state between hydrating and the replay (WebKit on a
// loaded machine, in the cross-engine walk: the basket's start re-rendered the size picker, unchecking the
// size on screen, and the add that followed asked for a size).
import { act, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { EARLY_INPUT_GLOBAL, EARLY_INPUT_SCRIPT } from '../../common/early-input-script.ts';
import { replayEarlyInput } from '../../src/app/early-input.ts';

/** What the app heard: the size chosen, the name typed, and what each «Добавить» sent. */
const heard = { size: '', name: '', sent: [] as string[] };
let redraw: () => void = () => undefined;

function AddForm() {
  const [size, setSize] = useState('');
  const [name, setName] = useState('');
  const [, setDraws] = useState(0);
  redraw = () => setDraws((n) => n + 1);
  heard.size = size;
  heard.name = name;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        heard.sent.push(`${size}|${name}`);
      }}
    >
      {['xl', '2xl'].map((s) => (
        <label key={s}>
          <input type="radio" name="selectSize" value={s} checked={size === s} onChange={() => setSize(s)} />
          {s}
        </label>
      ))}
      <input type="text" name="note" value={name} onChange={(e) => setName(e.target.value)} />
      <button type="submit">Добавить в корзину</button>
    </form>
  );
}

describe('the early input, replayed', () => {
  afterEach(() => {
    delete (window as unknown as Record<string, unknown>)[EARLY_INPUT_GLOBAL];
    document.body.replaceChildren();
  });

  it('tells the app the size and text the shopper left, though the app drew them anew before the replay', async () => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    const root = document.createElement('div');
    root.innerHTML = renderToString(<AddForm />);
    document.body.append(root);
    new Function(EARLY_INPUT_SCRIPT)(); // the page's inline script, as the server sends it

    // Before the app: a size, a word, «Добавить в корзину».
    const radio = (s: string) => root.querySelector<HTMLInputElement>(`input[value="${s}"]`)!;
    const field = root.querySelector<HTMLInputElement>('input[name="note"]')!;
    radio('2xl').click();
    field.value = 'Подарок';
    field.dispatchEvent(new Event('input', { bubbles: true }));
    root.querySelector('button')!.click();
    expect(radio('2xl').checked).toBe(true);

    await act(async () => {
      hydrateRoot(root, <AddForm />);
    });
    // The app draws the form again from its state before the replay: nothing chosen, nothing typed.
    await act(async () => redraw());
    expect(radio('2xl').checked).toBe(false);

    await act(async () => replayEarlyInput());
    expect(heard.size).toBe('2xl');
    expect(heard.name).toBe('Подарок');
    expect(heard.sent).toEqual(['2xl|Подарок']);
    expect(radio('2xl').checked).toBe(true);
  });
});
