// The urlencoded body of the shop's own HTML forms (the test payment page, the pages of mailed links): read
// as plain fields only in a scope of their own that holds the routes behind those forms (which read none of
// them). Every other route answers such a body 415, so no JSON call can be made by a form on another site.
import type { FastifyInstance } from 'fastify';

/** Registers the routes behind the shop's HTML forms in a child scope, the only one that takes form bodies. */
export function formPageRoutes(app: FastifyInstance, routes: (scope: FastifyInstance) => void): void {
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    routes(scope);
  });
}
