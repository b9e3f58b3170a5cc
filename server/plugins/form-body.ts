// The urlencoded body of the shop's own HTML forms (the test payment page, the pages of mailed links): read
// as plain fields in the scope that registers it; the routes behind those forms read none of them.
import type { FastifyInstance } from 'fastify';

export function acceptFormPosts(app: FastifyInstance): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
}
