// The installed app's badge (the Badging API, where the browser has it): the basket's number of lines as the
// header shows it (changes still waiting for the network included), cleared at none. Set only when the
// number changes; a browser that refuses (not installed, badges turned off) is left alone.
import { subscribe } from 'valtio';
import { project } from '../../common/basket-queue.ts';
import { basket } from './basket.ts';

export interface Badging {
  setAppBadge?(contents?: number): Promise<void>;
  clearAppBadge?(): Promise<void>;
}

export function startAppBadge(nav: Badging = navigator as Badging): () => void {
  if (!nav.setAppBadge) return () => undefined;
  let shown = -1;
  const show = () => {
    const lines = project(basket.cart, basket.queue).length;
    if (lines === shown) return;
    shown = lines;
    const done = lines > 0 ? nav.setAppBadge!(lines) : nav.clearAppBadge?.();
    done?.catch(() => undefined);
  };
  show();
  return subscribe(basket, show);
}
