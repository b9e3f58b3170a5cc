// The Comlink worker: keeps and searches the offers the app has seen (the offline search), off the main
// thread. It owns the seen offers' IndexedDB database.
import { expose } from 'comlink';
import { seenOffersInIndexedDb } from '../../common/browser/seen-offers-store.ts';
import { createSearchCore } from '../../common/search-core.ts';

expose(createSearchCore(seenOffersInIndexedDb));
