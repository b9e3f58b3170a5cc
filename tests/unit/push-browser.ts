// A browser's Web Push for the page's unit tests (jsdom has none): the Notification permission and its
// question, a service worker registration whose pushManager hands out one subscription, and the online flag.
import { vi } from 'vitest';

export interface FakeSubscription {
  endpoint: string;
  options: { applicationServerKey: ArrayBuffer | null };
  toJSON(): { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  unsubscribe: ReturnType<typeof vi.fn<() => Promise<boolean>>>;
}

interface Options {
  /** Notification.permission now. */
  permission?: NotificationPermission;
  /** What the browser's question answers. */
  answer?: NotificationPermission;
  /** Whether the browser has the Push API at all. */
  supported?: boolean;
}

let made = 0;

export function fakeSubscription(key: ArrayBuffer | null = null): FakeSubscription {
  const endpoint = `https://push.test/push/${++made}`;
  return {
    endpoint,
    options: { applicationServerKey: key },
    toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: `p256dh-${made}`, auth: `auth-${made}` } }),
    unsubscribe: vi.fn(() => Promise.resolve(true)),
  };
}

export function fakePushBrowser({ permission = 'default', answer = 'granted', supported = true }: Options = {}) {
  let current: FakeSubscription | null = null;
  let online = true;
  const pushManager = {
    getSubscription: vi.fn(() => Promise.resolve(current)),
    subscribe: vi.fn((options: { userVisibleOnly: boolean; applicationServerKey: Uint8Array }) => {
      const key = options.applicationServerKey;
      current = fakeSubscription(key.buffer.slice(key.byteOffset, key.byteOffset + key.byteLength) as ArrayBuffer);
      current.unsubscribe.mockImplementation(() => {
        current = null;
        return Promise.resolve(true);
      });
      return Promise.resolve(current);
    }),
  };
  const registration = { pushManager };
  const notification = {
    permission,
    requestPermission: vi.fn(() => {
      notification.permission = answer;
      return Promise.resolve(answer);
    }),
  };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: () => Promise.resolve(registration), ready: Promise.resolve(registration) },
  });
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  // jsdom has neither: a test that wants them missing calls vi.unstubAllGlobals() first.
  if (supported) {
    vi.stubGlobal('PushManager', class PushManager {});
    vi.stubGlobal('Notification', notification);
  }
  return {
    pushManager,
    notification,
    /** The device's subscription now. */
    subscription: () => current,
    /** The device is already subscribed (from an earlier visit). */
    subscribe: () => {
      current = fakeSubscription();
      return current;
    },
    setOnline: (value: boolean) => {
      online = value;
      dispatchEvent(new Event(value ? 'online' : 'offline'));
    },
  };
}
