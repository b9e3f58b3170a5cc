// The OAuth2 providers of social login (spec §7): the authorize address the app opens, and per provider a
// small adapter that exchanges the code for an access token (with the secret) and reads the profile.
// VK answers the token with user_id and maybe email, and the profile as {response:[{id, first_name,
// last_name}]}; Facebook's /me gives id, first_name, last_name and email. Failures are Russian refusals.
import type { OAuthProviderConfig, SocialConfig } from '../config.ts';
import { isEmail, normalizeEmail } from '../../common/input-rules.ts';
import { Refusal } from '../refusal.ts';

export interface SocialProfile {
  uid: string;
  email: string | null;
  first_name: string;
  last_name: string;
}

export const SOCIAL_MESSAGES = {
  unavailable: 'Вход через этот сервис недоступен',
  refused: (name: string) => `Не удалось войти через ${name}. Попробуйте ещё раз`,
  down: (name: string) => `${name} не отвечает. Попробуйте войти позже`,
} as const;

const TIMEOUT_MS = 10_000;
const VK_API_VERSION = '5.131';

type Json = Record<string, unknown>;

interface Adapter {
  name: string;
  /** Extra parameters of the authorize address. */
  authorizeParams: Record<string, string>;
  profile(cfg: OAuthProviderConfig, token: Json): Promise<SocialProfile>;
}

/** A JSON answer of the provider: a refusal (4xx, or an error field) or an outage is a Russian refusal. */
async function fetchJson(name: string, url: string, init?: RequestInit): Promise<Json> {
  let res: Response;
  let body: unknown;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS), headers: { accept: 'application/json', ...init?.headers } });
    body = await res.json();
  } catch {
    throw new Refusal('providerFailed', SOCIAL_MESSAGES.down(name));
  }
  if (res.status >= 500) throw new Refusal('providerFailed', SOCIAL_MESSAGES.down(name));
  if (!res.ok || typeof body !== 'object' || body === null || 'error' in body) throw new Refusal('invalid', SOCIAL_MESSAGES.refused(name));
  return body as Json;
}

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');
const emailOf = (v: unknown) => {
  const e = normalizeEmail(str(v));
  return isEmail(e) ? e : null;
};

const ADAPTERS: Record<keyof SocialConfig, Adapter> = {
  'vk-oauth2': {
    name: 'ВКонтакте',
    authorizeParams: { scope: 'email', display: 'popup', v: VK_API_VERSION },
    async profile(cfg, token) {
      const url = new URL(cfg.userUrl);
      url.searchParams.set('access_token', str(token.access_token));
      url.searchParams.set('v', VK_API_VERSION);
      if (str(token.user_id)) url.searchParams.set('user_ids', str(token.user_id));
      const body = await fetchJson(this.name, url.toString());
      const [me] = Array.isArray(body.response) ? (body.response as Json[]) : [];
      if (!me || !str(me.id)) throw new Refusal('providerFailed', SOCIAL_MESSAGES.down(this.name));
      return { uid: str(me.id), email: emailOf(token.email), first_name: str(me.first_name), last_name: str(me.last_name) };
    },
  },
  facebook: {
    name: 'Facebook',
    authorizeParams: { scope: 'email', display: 'popup' },
    async profile(cfg, token) {
      const url = new URL(cfg.userUrl);
      url.searchParams.set('fields', 'id,first_name,last_name,email');
      url.searchParams.set('access_token', str(token.access_token));
      const me = await fetchJson(this.name, url.toString());
      if (!str(me.id)) throw new Refusal('providerFailed', SOCIAL_MESSAGES.down(this.name));
      return { uid: str(me.id), email: emailOf(me.email), first_name: str(me.first_name), last_name: str(me.last_name) };
    },
  },
};

/** Where the provider sends the browser back with the code: our callback page. */
const callbackUrl = (publicUrl: string, provider: string) => `${publicUrl}/api/auth/${provider}/callback`;

interface EnabledProvider {
  provider: keyof SocialConfig;
  name: string;
  cfg: OAuthProviderConfig;
}

/** The providers with a client id and secret, in the order of SOCIAL_PROVIDERS. */
export function enabledProviders(social: SocialConfig): EnabledProvider[] {
  return (Object.keys(ADAPTERS) as (keyof SocialConfig)[])
    .filter((p) => social[p].clientId && social[p].clientSecret)
    .map((p) => ({ provider: p, name: ADAPTERS[p].name, cfg: social[p] }));
}

/** The provider by its name in the path; 404 in Russian when it is unknown or not configured. */
export function enabledProvider(social: SocialConfig, provider: string): EnabledProvider {
  const found = enabledProviders(social).find((p) => p.provider === provider);
  if (!found) throw new Refusal('notFound', SOCIAL_MESSAGES.unavailable);
  return found;
}

/** The authorize address with client_id, redirect_uri and response_type=code; the app appends &state=. */
export function authorizeUrl(p: EnabledProvider, publicUrl: string): string {
  const url = new URL(p.cfg.authorizeUrl);
  url.searchParams.set('client_id', p.cfg.clientId!);
  url.searchParams.set('redirect_uri', callbackUrl(publicUrl, p.provider));
  url.searchParams.set('response_type', 'code');
  for (const [k, v] of Object.entries(ADAPTERS[p.provider].authorizeParams)) url.searchParams.set(k, v);
  return url.toString();
}

/** The code exchanged at the token address (with the secret), then the profile read with the access token. */
export async function fetchProfile(p: EnabledProvider, code: string, publicUrl: string): Promise<SocialProfile> {
  const adapter = ADAPTERS[p.provider];
  const token = await fetchJson(adapter.name, p.cfg.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: p.cfg.clientId!,
      client_secret: p.cfg.clientSecret!,
      redirect_uri: callbackUrl(publicUrl, p.provider),
      code,
    }).toString(),
  });
  if (!str(token.access_token)) throw new Refusal('invalid', SOCIAL_MESSAGES.refused(adapter.name));
  return adapter.profile(p.cfg, token);
}
