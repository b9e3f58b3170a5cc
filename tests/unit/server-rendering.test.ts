// @vitest-environment jsdom
// What the page does with the server's HTML (src/app/server-rendering.ts): hydrate it with its data only when
// it was rendered by this very build; an HTML a cache kept across a deploy is rendered afresh instead.
import { describe, expect, it } from 'vitest';
import { readServerRendering } from '../../src/app/server-rendering.ts';

const page = (build: string | null, data: string | null) => {
  const doc = document.implementation.createHTMLDocument('x');
  if (build !== null) doc.head.innerHTML = `<meta name="shop-build" content="${build}">`;
  if (data !== null) doc.body.innerHTML = `<div id="root"><p>page</p></div><script type="application/json" id="shop-data">${data}</script>`;
  return doc;
};

describe('readServerRendering', () => {
  it("hydrates this build's HTML with its data", () => {
    expect(readServerRendering(page('b2', '{"catalog:brands":{"data":[]}}'), 'b2')).toEqual({
      seeds: { 'catalog:brands': { data: [] } },
      hydrate: true,
    });
  });

  it("renders afresh another build's HTML, HTML without data, or data it cannot read", () => {
    expect(readServerRendering(page('b1', '{}'), 'b2')).toEqual({ seeds: {}, hydrate: false });
    expect(readServerRendering(page(null, null), 'b2')).toEqual({ seeds: {}, hydrate: false });
    expect(readServerRendering(page('b2', '{not json'), 'b2')).toEqual({ seeds: {}, hydrate: false });
  });
});
