// Owns when the page's IndexedDB store pauses: while the page is hidden to be left. WebKit keeps a left page
// in its back-forward cache frozen with its transactions as they were, and the next page's reads and writes
// of the store then wait behind them (common/browser/pausable-store.ts says how it is measured and undone).
import { pauseIdbStore, resumeIdbStore } from '../../common/browser/idb-store.ts';
import { whileHidden } from '../lib/page-leaving.ts';

/** From the page's start (src/main.tsx): the store lets go when the page is hidden, and goes on when it is shown again. */
export function holdStorageWhileHidden(): void {
  whileHidden(pauseIdbStore, resumeIdbStore);
}
