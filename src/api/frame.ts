// Calls of the page frame beyond the pages' asks (common/pages/frame.ts): the shop's integrations (spec §7).
import { ENDPOINTS } from '../../common/endpoints.ts';
import { call } from './client.ts';

/** GET /v1/integrations: the analytics counter and delivery widget this shop is configured with. */
export const getIntegrations = () => call(ENDPOINTS.integrations);
