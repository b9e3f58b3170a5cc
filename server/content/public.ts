// What the other areas of the server may use of content/: content: posts, information pages, media, the frame's
// data, sitemaps and feeds. Everything else in the folder is its own (eslint.config.js refuses an import from
// another area past this file).
export { default as crawlerRoutes } from './crawler-routes.ts';
export { default as feedRoutes } from './feed-routes.ts';
export { default as frameRoutes, ANALYTICS_SCRIPT_URL } from './frame-routes.ts';
export { default as mediaRoutes } from './media-routes.ts';
export { default as contentRoutes } from './routes.ts';
