// The chunks a rendered page asks for in its head (modulepreload, at a low priority): the app's entry and the
// page's own chunk with everything they import, less what index.html's template loads already.
import { describe, expect, it } from 'vitest';
import { hydrationChunks } from '../../server/render/page-html.ts';

const MANIFEST = {
  'index.html': { file: 'assets/index-a.js', imports: ['_preload-b.js'] },
  '_preload-b.js': { file: 'assets/preload-b.js' },
  'src/main.tsx': { file: 'assets/main-c.js', imports: ['_start-d.js', '_react-e.js', '_preload-b.js'] },
  '_start-d.js': { file: 'assets/start-d.js', imports: ['_react-e.js'] },
  '_react-e.js': { file: 'assets/react-e.js' },
  'src/features/catalog/ProductPage.tsx': { file: 'assets/ProductPage-f.js', imports: ['_start-d.js', '_catalog-g.js'] },
  '_catalog-g.js': { file: 'assets/catalog-g.js', imports: ['_start-d.js'] },
  'src/features/blog/PostPage.tsx': { file: 'assets/PostPage-h.js' },
};
const TEMPLATE = '<script type="module" src="/assets/index-a.js"></script><link rel="modulepreload" href="/assets/preload-b.js">';

describe('the chunks a page hydrates with', () => {
  it("are the app's entry, the page's chunk and what they import, each once, less the template's", () => {
    expect(hydrationChunks(MANIFEST, 'src/features/catalog/ProductPage.tsx', TEMPLATE)).toEqual([
      'assets/main-c.js',
      'assets/start-d.js',
      'assets/react-e.js',
      'assets/ProductPage-f.js',
      'assets/catalog-g.js',
    ]);
  });

  it("are the app's alone for a page with no chunk of its own (the error page)", () => {
    expect(hydrationChunks(MANIFEST, null, TEMPLATE)).toEqual(['assets/main-c.js', 'assets/start-d.js', 'assets/react-e.js']);
  });
});
