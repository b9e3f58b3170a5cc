// The Comlink worker: formats prices in batches and filters offers for search off the main thread.
import { expose } from 'comlink';
import { searchCore } from '../../common/search-core.ts';

expose(searchCore);
