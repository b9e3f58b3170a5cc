// The page's one script. The server's HTML is the page (rendered with its data, styled inline): the app's
// code is fetched only once that page has loaded, pictures included, so none of it competes with the first
// paint or the largest picture. Then the app (main.tsx) and the page's own chunks, which the server names
// in <meta name="shop-page-chunks">, are fetched side by side, and the app hydrates.
function start(): void {
  const chunks = document.querySelector<HTMLMetaElement>('meta[name="shop-page-chunks"]')?.content.split(' ') ?? [];
  for (const href of chunks.filter(Boolean)) {
    const link = Object.assign(document.createElement('link'), { rel: 'modulepreload', href, crossOrigin: '' });
    document.head.append(link);
  }
  void import('./main.tsx');
}

if (document.readyState === 'complete') start();
else addEventListener('load', start, { once: true });
