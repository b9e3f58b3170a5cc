// What the other areas of the server may use of render/: server rendering of the shop's pages. Everything else
// in the folder is its own (eslint.config.js refuses an import from another area past this file).
export { servePages, type PageSources } from './pages.ts';
export { ssrBundle, type PageRenderer } from './ssr-bundle.ts';
