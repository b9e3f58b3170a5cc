// API of social login (spec §7, `/api/auth/{provider}`): the enabled providers with their
// authorize address, the callback page the provider returns the popup to (and its script), and the code
// exchanged for our token, merging the visitor's basket as login does.
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '../../common/endpoints.ts';
import { route, sessionClient, setSessionCookies } from '../http/public.ts';
import { callbackPage, callbackScript } from './social-callback-page.ts';
import { socialSignIn } from './social-login.ts';
import { authorizeUrl, enabledProvider, enabledProviders, fetchProfile } from './social-providers.ts';

export default async function socialRoutes(app: FastifyInstance): Promise<void> {
  const { publicUrl, social } = app.config;

  route(app, ENDPOINTS.socialProviders, async () =>
    enabledProviders(social).map((p) => ({ provider: p.provider, name: p.name, authorize_url: authorizeUrl(p, publicUrl) })),
  );

  route(app, ENDPOINTS.socialCallback, async (req, reply) => {
    enabledProvider(social, req.params.provider); // 404 for a provider that is not configured
    // The popup keeps its opener only when this page does not ask for a browsing context group of its own.
    reply.header('cross-origin-opener-policy', 'unsafe-none');
    return reply.type('text/html; charset=utf-8').send(callbackPage());
  });

  route(app, ENDPOINTS.socialCallbackScript, async (_req, reply) => reply.type('text/javascript; charset=utf-8').send(callbackScript));

  route(app, ENDPOINTS.socialLogin, async (req, reply) => {
    const provider = enabledProvider(social, req.params.provider);
    // The code was issued for our own callback address, so that one is sent to the provider whatever
    // redirect_uri the app passes along.
    const profile = await fetchProfile(provider, req.body.code, publicUrl);
    const token = await socialSignIn(app.db, provider.provider, profile, sessionClient(req));
    setSessionCookies(req, reply, token);
    return { token };
  });
}
