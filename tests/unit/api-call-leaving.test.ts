// @vitest-environment jsdom
// The app's API calls (src/api/client.ts) when the shopper leaves the page while one is out: Firefox and
// WebKit cut a page's fetches as a navigation away begins, and a listing left while its answers came logged
// «[load] …» errors for each (the engines walk, Firefox, CI). A call cut off so never answers; one whose
// answer is cut off while the page stays is the network's failure («Нет связи с сервером»), not an answer
// out of contract.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { ENDPOINTS } from '../../common/endpoints.ts';
import { call } from '../../src/api/client.ts';
import { ApiError } from '../../src/api/api-error.ts';
import { LEAVING_WAIT_MS } from '../../src/lib/page-leaving.ts';

/** An answer whose body the network cuts off after its head came. */
const cutBody = () =>
  new Response(
    new ReadableStream({
      start(controller) {
        controller.error(new TypeError('NetworkError when attempting to fetch resource.'));
      },
    }),
    { status: 200, headers: { 'content-type': 'application/json' } },
  );

beforeEach(() => void dispatchEvent(new Event('pageshow')));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

it('never answers a call the shopper cut off by leaving the page', async () => {
  vi.useFakeTimers();
  let cutOff!: () => void;
  vi.stubGlobal('fetch', () => new Promise<Response>((resolve) => (cutOff = () => resolve(cutBody()))));
  let settled = false;
  void call(ENDPOINTS.pushKey).then(
    () => (settled = true),
    () => (settled = true),
  );
  await vi.advanceTimersByTimeAsync(0);
  dispatchEvent(new Event('beforeunload')); // the shopper follows a link: the answer's body is cut off
  cutOff();
  await vi.advanceTimersByTimeAsync(100);
  dispatchEvent(new Event('pagehide'));
  await vi.advanceTimersByTimeAsync(LEAVING_WAIT_MS * 2);
  expect(settled).toBe(false);
});

it('calls an answer cut off while the page stays a network failure', async () => {
  vi.stubGlobal('fetch', () => Promise.resolve(cutBody()));
  const failed = await call(ENDPOINTS.pushKey).catch((err: unknown) => err);
  expect(failed).toBeInstanceOf(ApiError);
  expect((failed as ApiError).isNetwork).toBe(true);
  expect((failed as ApiError).message).toBe('Нет связи с сервером');
});
