// The endpoint table of the carrier's calls to the shop (CDEK's status webhooks): server-only, apart from the
// shop's table so that no page carries it. The path holds the shop's secret: CDEK signs nothing.
import { endpoint } from './endpoints.ts';
import { CdekWebhook } from './contract/carrier.ts';

export const CARRIER_ENDPOINTS = {
  cdekWebhook: endpoint({ method: 'POST', path: '/carrier/cdek/:secret', body: CdekWebhook, answer: 'text', access: 'private' }),
} as const;
