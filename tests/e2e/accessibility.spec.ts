// The shop's main pages through axe-core (the engine of the browsers' accessibility audits), on a desktop
// and on a 390 px phone, with a product in the basket and in the favourites so those pages show their
// lists: no serious or critical finding on any of them. Each run prints the findings by impact, so a
// moderate one is seen before it grows.
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { addFromProductPage, pickProducts } from './basket-helpers.ts';

interface Finding {
  page: string;
  rule: string;
  impact: string;
  targets: string[];
}

/** The main pages a shopper meets, with a product, a blog post and a certificate taken from the seeded shop;
 *  on a phone the ones whose layout differs most. (Each audit takes 1–3 s, so the list is kept short.) */
async function mainPages(request: APIRequestContext, phone: boolean): Promise<string[]> {
  const offers = (await (await request.get('/api/v1/offers/?limit=1&offset=0')).json()) as { results: { full_path_offer: string }[] };
  const blog = (await (await request.get('/api/v1/blog?limit=1&offset=0')).json()) as { results: { slug: string }[] };
  const product = offers.results[0]!.full_path_offer;
  if (phone) return ['/', '/kupalniki', product, '/basket', '/favorite', '/blog', '/podarochnye-sertifikaty'];
  return [
    '/',
    '/kupalniki/bikini',
    product,
    '/search?searchParam=бикини',
    '/basket',
    '/favorite',
    '/blog',
    `/blog/${blog.results[0]!.slug}`,
    '/podarochnye-sertifikaty',
    '/card',
    '/profile',
    '/ne-sushchestvuet',
  ];
}

/**
 * The page once its data has arrived (the app has taken it over: the fixtures' goto waits for that): nothing
 * busy and nothing still saying it loads. (A quiet network is no sign of it: the app fetches ahead what the
 * shopper may open next, and the service worker fills its caches, long after the page is drawn.)
 */
async function settle(page: Page): Promise<void> {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.getByRole('main')).not.toContainText('Загружаем');
}

async function findingsOn(page: Page, label: string): Promise<Finding[]> {
  // Only the violations are collected: the passes' details, which nobody reads, cost a quarter of each audit.
  const result = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
  return result.violations.flatMap((v) =>
    v.nodes.map((n) => ({ page: label, rule: v.id, impact: v.impact ?? 'minor', targets: n.target.map(String) })),
  );
}

async function audit(page: Page, url: string): Promise<Finding[]> {
  await page.goto(url);
  await settle(page);
  return findingsOn(page, url);
}

function report(viewport: string, findings: Finding[]): void {
  const byImpact = new Map<string, number>();
  for (const f of findings) byImpact.set(f.impact, (byImpact.get(f.impact) ?? 0) + 1);
  const counts = ['critical', 'serious', 'moderate', 'minor'].map((i) => `${i} ${byImpact.get(i) ?? 0}`).join(', ');
  console.log(`[axe] ${viewport}: ${counts}`);
  for (const f of findings) console.log(`[axe]   ${f.impact} ${f.rule} on ${f.page}: ${f.targets.join(' ')}`);
}

for (const [name, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test(`${name}: no serious or critical accessibility finding on the main pages`, async ({ page, request }) => {
    // Twelve pages on a desktop, each loaded, settled and audited: 1–3 s alone, and on CI's loaded machine (the
    // other worker and the engines walk beside it) over 20 s, when the desktop audit ran out of 240 s twice.
    // A limit for a stuck audit, not a timing.
    test.setTimeout(600_000);
    await page.setViewportSize(viewport);
    const [product] = await pickProducts(request, 1, 1);
    await addFromProductPage(page, product!, product!.extIds[0]!);
    await page.getByRole('button', { name: '♡ В избранное' }).click();
    const findings: Finding[] = [];
    for (const url of await mainPages(request, name === 'phone')) findings.push(...(await audit(page, url)));
    if (name === 'phone') {
      await page.getByRole('button', { name: 'Меню', exact: true }).click();
      await expect(page.getByRole('dialog', { name: 'Меню' })).toBeVisible();
      findings.push(...(await findingsOn(page, 'the open mobile menu')));
    }
    report(name, findings);
    expect(findings.filter((f) => f.impact === 'serious' || f.impact === 'critical')).toEqual([]);
  });
}
