// The page's one script. The server's HTML is the page (rendered with its data, styled inline), and its head
// already asks for the app's chunks, at a low priority (below the page's pictures: its largest paint is a
// picture). This runs them right after the page's first paint, so the app hydrates as soon as its code is
// here, never waiting for the pictures (the page's `load` event does: on a slow phone with photographs, that
// used to leave every button dead for seconds). What the shopper taps meanwhile is kept and made again once
// the app has hydrated (common/early-input-script.ts).
const start = () => void import('./main.tsx');

// The bare app shell (a page never visited, opened offline) has nothing of the server's to show first: the
// app starts at once. A page the server rendered starts after its first paint (the frame after this one).
// The data block's id (common/page-data.ts's PAGE_DATA_ID) as text: an import of that module would put the
// app's first chunk, and React with it, ahead of the page's first paint.
if (!document.getElementById('shop-data')) start();
else requestAnimationFrame(() => setTimeout(start, 0));
