// A stand-in OAuth2 provider for tests: VK and Facebook on one loopback HTTP server, each answering in the
// real provider's shape, so the shop's real social login runs against it (server tests, and the e2e run
// from Playwright's globalSetup).
//
//   const provider = await startSocialProvider(0);          // 0: any free port; or a fixed one for e2e
//   Object.assign(process.env, socialProviderEnv(provider.url)); // before the shop's server starts
//   provider.setNextProfile({ id: 42, first_name: 'Анна', last_name: 'Иванова', email: 'anna@example.ru' });
//   await provider.close();
//
// The env it gives the shop (server/config.ts):
//   VK_CLIENT_ID=vk-test-client  VK_CLIENT_SECRET=vk-test-secret
//   VK_AUTHORIZE_URL=<url>/vk/authorize  VK_TOKEN_URL=<url>/vk/access_token  VK_USER_URL=<url>/vk/method/users.get
//   FACEBOOK_CLIENT_ID=fb-test-client  FACEBOOK_CLIENT_SECRET=fb-test-secret
//   FACEBOOK_AUTHORIZE_URL=<url>/facebook/dialog/oauth  FACEBOOK_TOKEN_URL=<url>/facebook/oauth/access_token
//   FACEBOOK_USER_URL=<url>/facebook/me
//
// Endpoints, per provider prefix (/vk, /facebook):
//   GET  …/authorize | …/dialog/oauth   checks client_id and redirect_uri, then 302 to redirect_uri?code=…&state=…
//                                       (the code carries the next profile: setNextProfile, else a new user
//                                       without e-mail; 400 for a wrong client_id)
//   POST …/access_token (form or query)  checks client_id, client_secret, redirect_uri and the code (single
//                                       use): VK {access_token, expires_in, user_id, email?}, Facebook
//                                       {access_token, token_type, expires_in}; else VK 401 {error,
//                                       error_description}, Facebook 400 {error:{message, type, code}}
//   GET  …/method/users.get | …/me       by access_token: VK {response:[{id, first_name, last_name}]},
//                                       Facebook {id, first_name, last_name, email?}
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type net from 'node:net';

export interface SocialTestProfile {
  id: string | number;
  first_name: string;
  last_name: string;
  /** Omitted or null: the provider gives no e-mail (the shop asks for it to finish registration). */
  email?: string | null;
}

export interface SocialProviderStandIn {
  /** http://127.0.0.1:<port> */
  url: string;
  /** The profile behind the next code issued (by either provider); afterwards a new one without e-mail. */
  setNextProfile(profile: SocialTestProfile): void;
  close(): Promise<void>;
}

export const SOCIAL_TEST_CLIENTS = {
  vk: { id: 'vk-test-client', secret: 'vk-test-secret' },
  facebook: { id: 'fb-test-client', secret: 'fb-test-secret' },
} as const;

/** The shop's env for this stand-in (see the header). */
export function socialProviderEnv(url: string): Record<string, string> {
  return {
    VK_CLIENT_ID: SOCIAL_TEST_CLIENTS.vk.id,
    VK_CLIENT_SECRET: SOCIAL_TEST_CLIENTS.vk.secret,
    VK_AUTHORIZE_URL: `${url}/vk/authorize`,
    VK_TOKEN_URL: `${url}/vk/access_token`,
    VK_USER_URL: `${url}/vk/method/users.get`,
    FACEBOOK_CLIENT_ID: SOCIAL_TEST_CLIENTS.facebook.id,
    FACEBOOK_CLIENT_SECRET: SOCIAL_TEST_CLIENTS.facebook.secret,
    FACEBOOK_AUTHORIZE_URL: `${url}/facebook/dialog/oauth`,
    FACEBOOK_TOKEN_URL: `${url}/facebook/oauth/access_token`,
    FACEBOOK_USER_URL: `${url}/facebook/me`,
  };
}

type Kind = keyof typeof SOCIAL_TEST_CLIENTS;

interface Grant {
  kind: Kind;
  redirectUri: string;
  profile: SocialTestProfile;
}

const newUser = (): SocialTestProfile => ({ id: parseInt(randomBytes(4).toString('hex'), 16), first_name: 'Мария', last_name: 'Соколова' });

const readBody = (req: http.IncomingMessage) =>
  new Promise<string>((resolve) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (data += c));
    req.on('end', () => resolve(data));
  });

export async function startSocialProvider(port = 0): Promise<SocialProviderStandIn> {
  let next: SocialTestProfile | null = null;
  const codes = new Map<string, Grant>();
  const tokens = new Map<string, { kind: Kind; profile: SocialTestProfile }>();

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };
  const tokenError = (res: http.ServerResponse, kind: Kind, why: string) =>
    kind === 'vk'
      ? json(res, 401, { error: 'invalid_grant', error_description: why })
      : json(res, 400, { error: { message: why, type: 'OAuthException', code: 100 } });

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const kind: Kind | null = url.pathname.startsWith('/vk/') ? 'vk' : url.pathname.startsWith('/facebook/') ? 'facebook' : null;
    const route = kind ? url.pathname.slice(kind.length + 1) : '';
    if (!kind) return json(res, 404, { error: 'not found' });
    const client = SOCIAL_TEST_CLIENTS[kind];

    if (req.method === 'GET' && (route === '/authorize' || route === '/dialog/oauth')) {
      const redirectUri = url.searchParams.get('redirect_uri') ?? '';
      if (
        url.searchParams.get('client_id') !== client.id ||
        !/^https?:\/\//.test(redirectUri) ||
        url.searchParams.get('response_type') !== 'code'
      ) {
        res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
        return res.end('invalid client_id, redirect_uri or response_type');
      }
      const code = randomBytes(12).toString('hex');
      codes.set(code, { kind, redirectUri, profile: next ?? newUser() });
      next = null;
      const back = new URL(redirectUri);
      back.searchParams.set('code', code);
      if (url.searchParams.has('state')) back.searchParams.set('state', url.searchParams.get('state')!);
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }

    if (route === '/access_token' || route === '/oauth/access_token') {
      const form = new URLSearchParams(req.method === 'POST' ? await readBody(req) : url.search);
      if (form.get('client_id') !== client.id || form.get('client_secret') !== client.secret)
        return tokenError(res, kind, 'invalid client');
      const grant = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? ''); // single use, even when refused
      if (!grant || grant.kind !== kind) return tokenError(res, kind, 'invalid or used code');
      if (form.get('redirect_uri') !== grant.redirectUri) return tokenError(res, kind, 'redirect_uri mismatch');
      const accessToken = randomBytes(16).toString('hex');
      tokens.set(accessToken, { kind, profile: grant.profile });
      return kind === 'vk'
        ? json(res, 200, {
            access_token: accessToken,
            expires_in: 86400,
            user_id: Number(grant.profile.id),
            ...(grant.profile.email ? { email: grant.profile.email } : {}),
          })
        : json(res, 200, { access_token: accessToken, token_type: 'bearer', expires_in: 5183944 });
    }

    if (req.method === 'GET' && (route === '/method/users.get' || route === '/me')) {
      const held = tokens.get(url.searchParams.get('access_token') ?? '');
      if (!held || held.kind !== kind) {
        return kind === 'vk'
          ? json(res, 200, { error: { error_code: 5, error_msg: 'User authorization failed: invalid access_token' } })
          : json(res, 400, { error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 } });
      }
      const p = held.profile;
      return kind === 'vk'
        ? json(res, 200, {
            response: [{ id: Number(p.id), first_name: p.first_name, last_name: p.last_name, can_access_closed: true, is_closed: false }],
          })
        : json(res, 200, { id: String(p.id), first_name: p.first_name, last_name: p.last_name, ...(p.email ? { email: p.email } : {}) });
    }
    return json(res, 404, { error: 'not found' });
  });

  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    setNextProfile(profile) {
      next = profile;
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
