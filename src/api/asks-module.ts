// The one dynamic load of the API's asks (asks.ts: the endpoint table, the client and the contract checks),
// which comes with a page's first ask rather than with the page's first chunk. A load cut off because the
// shopper is leaving the page never settles (lib/page-leaving.ts): the page going is no failure to log or show.
import { unlessLeaving } from '../lib/page-leaving.ts';

export const asksModule = () => unlessLeaving(() => import('./asks.ts'));
