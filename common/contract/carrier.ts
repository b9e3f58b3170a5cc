// The contract of the carrier's calls to the shop: CDEK's ORDER_STATUS webhook body (its OpenAPI of webhooks,
// docs/delivery.md). Only what the shop reads is held to a shape; the shop then reads the order from CDEK itself.
import { boolean, optional, string, type } from 'superstruct';

export const CdekWebhook = type({
  type: string(),
  uuid: string(),
  attributes: type({ cdek_number: optional(string()), code: optional(string()), is_return: optional(boolean()) }),
});
