// Social login (spec §4, §9): the provider's page in a ~580x400 window with a random state; the server's
// callback page posts { type: 'social-login', provider, code, state } back to this window, which checks the
// origin and the state, exchanges the code at POST /auth/{provider} and signs in with the token.
import { API_BASE } from '../../../common/browser/api-base.ts';
import { socialLogin } from '../../api/account.ts';
import type { SocialProviderName } from '../../../common/contract/accounts.ts';
import { randomId } from '../../lib/ids.ts';
import { signedIn } from '../../state/session.ts';

interface SocialLoginMessage {
  type: 'social-login';
  provider: SocialProviderName;
  code?: string;
  state: string;
  error?: string;
}

const WINDOW = 'width=580,height=400,left=100,top=100,menubar=no,toolbar=no,location=yes,status=no';

/** The origin the callback page is served from (the API's: /api/auth/{provider}/callback). */
const callbackOrigin = () => new URL(API_BASE, location.href).origin;

let stopWaiting: (() => void) | null = null;

/**
 * Opens the provider's window (call it from the click itself, or the browser blocks the window). Resolves
 * true once the user is signed in, false when a newer attempt replaced this one; rejects when the window
 * is blocked or the provider or the exchange fails.
 */
export function startSocialLogin(provider: SocialProviderName, authorizeUrl: string): Promise<boolean> {
  stopWaiting?.();
  const state = randomId().replace(/-/g, '');
  const sep = authorizeUrl.includes('?') ? '&' : '?';
  const win = window.open(`${authorizeUrl}${sep}state=${encodeURIComponent(state)}`, `social-login-${provider}`, WINDOW);
  if (!win) return Promise.reject(new Error('window blocked'));
  return new Promise((resolve, reject) => {
    const onMessage = (e: MessageEvent) => {
      const data = e.data as Partial<SocialLoginMessage> | null;
      if (e.origin !== callbackOrigin() || data?.type !== 'social-login' || data.state !== state || data.provider !== provider) return;
      stop();
      win.close();
      if (!data.code) return reject(new Error(data.error ?? 'no code'));
      socialLogin(provider, data.code)
        .then(() => signedIn())
        .then((user) => {
          // signedIn has closed the popup.
          if (!user) throw new Error('user not loaded');
          resolve(true);
        })
        .catch(reject);
    };
    const stop = () => {
      removeEventListener('message', onMessage);
      stopWaiting = null;
    };
    stopWaiting = () => {
      stop();
      resolve(false);
    };
    addEventListener('message', onMessage);
  });
}
