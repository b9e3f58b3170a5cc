// The page modules (common/pages/) are the one declaration of each page: every component a module names is a
// page file of src/features/ with a default export, every route name is unique, and the router, the server's
// head and the service worker's page rules read the same list.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../common/endpoints.ts';
import { PAGE_MODULES } from '../../common/page-list.ts';
import { pageAsks } from '../../common/page-asks.ts';
import { moduleOf, pageAt, ROUTES } from '../../common/routes.ts';

describe('page modules', () => {
  it("name a component that exists, as a default export of a page file, for every module but the error page's", () => {
    for (const m of PAGE_MODULES) {
      if (m.component === null) continue;
      const file = new URL(`../../src/features/${m.component}`, import.meta.url);
      expect({ module: m.key, file: m.component, exists: existsSync(file) }).toEqual({ module: m.key, file: m.component, exists: true });
      expect(m.component).toMatch(/^[a-z]+\/[A-Za-z]+Page\.tsx$/);
      expect(readFileSync(file, 'utf8')).toMatch(/export default function /);
    }
  });

  it('give every route a unique name and one module, and keys no two modules share', () => {
    expect(new Set(ROUTES.map((r) => r.name)).size).toBe(ROUTES.length);
    expect(new Set(PAGE_MODULES.map((m) => m.key)).size).toBe(PAGE_MODULES.length);
    for (const r of ROUTES) expect(moduleOf(r).routes.some((own) => own.name === r.name)).toBe(true);
  });

  it("keeps a staff page (the manager's desk) personal: never kept, for anyone", () => {
    for (const r of ROUTES.filter((x) => x.staff))
      expect({ route: r.name, personal: r.personal }).toEqual({ route: r.name, personal: true });
  });

  it("ask a personal page nothing: its shopper's things are never in a page kept for others", () => {
    for (const r of ROUTES.filter((x) => x.personal)) expect(moduleOf(r).asks).toBeUndefined();
  });

  it('ask only public GETs of the endpoint table, on every route', () => {
    for (const r of ROUTES) {
      const path = r.pattern.replace(/:(\w+)\??/g, (_, name: string) => (name === 'pk' ? '7' : 'x'));
      const at = pageAt(path, '');
      expect({ route: r.name, matched: at?.route.name }).toEqual({ route: r.name, matched: r.name });
      for (const a of pageAsks(at)) {
        const e = ENDPOINTS[a.endpoint];
        expect({ route: r.name, endpoint: a.endpoint, method: e.method, access: e.access }).toEqual({
          route: r.name,
          endpoint: a.endpoint,
          method: 'GET',
          access: 'public',
        });
      }
    }
  });

  it('ask the same answers for the same address, whoever asks (the server, the app shell, the page)', () => {
    const keys = (path: string, search = '') => pageAsks(pageAt(path, search)).map((a) => a.key);
    expect(keys('/kupalniki/bikini/tag/push-up', '?page=2&size=S')).toEqual(keys('/kupalniki/bikini/tag/push-up', '?page=2&size=S'));
    expect(keys('/kupalniki/bikini', '?page=2')).not.toEqual(keys('/kupalniki/bikini'));
    // A 404 shows the frame only; a page adds its SEO record and its own answers.
    expect(keys('/nowhere')).toHaveLength(3);
    expect(keys('/brands/maaji').length).toBeGreaterThan(4);
  });
});
