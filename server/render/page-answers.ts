// The answers a page is rendered with (common/page-asks.ts: the frame's, the URL's SEO record, the page
// module's own), each a public GET answered in-process (public-call.ts). The same answers make the page's
// head (page-head.ts) and its rendering (the SSR bundle), so both say the same, from one read.
import { ENDPOINTS } from '../../common/endpoints.ts';
import type { PageSeed } from '../../common/page-data.ts';
import { pageAsks } from '../../common/page-asks.ts';
import type { PageAt } from '../../common/page-module.ts';
import type { PublicCall } from './public-call.ts';

export type PageAnswers = Record<string, PageSeed>;

const statusOf = (err: unknown): number => {
  const status = (err as { statusCode?: unknown }).statusCode;
  return typeof status === 'number' ? status : 500;
};

export async function loadPageAnswers(call: PublicCall, at: PageAt | null): Promise<PageAnswers> {
  const answers: PageAnswers = {};
  await Promise.all(
    pageAsks(at).map(async (a) => {
      try {
        answers[a.key] = { data: await call(ENDPOINTS[a.endpoint], { params: a.params, query: a.query }) };
      } catch (err) {
        answers[a.key] = { error: { status: statusOf(err), message: err instanceof Error ? err.message : String(err) } };
      }
    }),
  );
  return answers;
}
