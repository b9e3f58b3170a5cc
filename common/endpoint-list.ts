// Every entry of the API's endpoint tables, the shop's and the manager desk's: what the server's tests iterate
// over (a route per entry, its access, its checks). The page and the service worker import their own table only.
import { DESK_ENDPOINTS } from './desk-endpoints.ts';
import { ENDPOINTS, type EndpointInfo } from './endpoints.ts';

export const ENDPOINT_LIST: readonly EndpointInfo[] = [...Object.values(ENDPOINTS), ...Object.values(DESK_ENDPOINTS)];
