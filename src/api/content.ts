// Calls of content beyond the pages' own asks (common/pages/content.ts): an information page's text shown
// inside another page, and the error report form.
import { ENDPOINTS } from '../../common/endpoints.ts';
import { call } from './client.ts';

export const getInfoPage = (path: string) => call(ENDPOINTS.infoPage, { params: { path } });

/** POST /v1/send_message/ { messageFeedback }: the error report form. */
export const sendMessage = (contactData: string, message: string, page: string) =>
  call(ENDPOINTS.sendMessage, { body: { messageFeedback: { contactData, message, page } } });
