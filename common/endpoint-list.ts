// Every entry of the API's endpoint tables, the shop's, the manager desk's and the carrier's: what the server's tests iterate
// over (a route per entry, its access, its checks). The page and the service worker import their own table only.
import { CARRIER_ENDPOINTS } from './carrier-endpoints.ts';
import { DESK_ENDPOINTS } from './desk-endpoints.ts';
import { ENDPOINTS, type EndpointInfo } from './endpoints.ts';

export const ENDPOINT_LIST: readonly EndpointInfo[] = [
  ...Object.values(ENDPOINTS),
  ...Object.values(DESK_ENDPOINTS),
  ...Object.values(CARRIER_ENDPOINTS),
];
