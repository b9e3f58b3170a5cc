// The page's one script. The server's HTML is the page (rendered with its data, styled inline): the app's
// code is fetched only once that page has loaded, pictures included, and painted (a long page may paint its
// last part, the cookie notice say, a frame after the load event), so none of it competes with the first
// paint or the largest one. Then the app (main.tsx) and the page's own chunks, which the server names in
// <meta name="shop-page-chunks">, are fetched side by side, and the app hydrates.
function start(): void {
  const chunks = document.querySelector<HTMLMetaElement>('meta[name="shop-page-chunks"]')?.content.split(' ') ?? [];
  for (const href of chunks.filter(Boolean)) {
    const link = Object.assign(document.createElement('link'), { rel: 'modulepreload', href, crossOrigin: '' });
    document.head.append(link);
  }
  void import('./main.tsx');
}

/** After the next frame has been painted. */
const afterPaint = () => requestAnimationFrame(() => setTimeout(start, 0));

// The bare app shell (a page never visited, opened offline) has nothing of the server's to show first: the
// app starts at once.
// The data block's id (common/page-data.ts's PAGE_DATA_ID) as text: an import of that module would put the
// app's first chunk, and React with it, ahead of the page's first paint.
if (!document.getElementById('shop-data')) start();
else if (document.readyState === 'complete') afterPaint();
else addEventListener('load', afterPaint, { once: true });
