// Builds the page (React), its Comlink worker and the service worker (vite-plugin-pwa, injectManifest
// from sw/sw.ts). The web app manifest is the top-level manifest.webmanifest that index.html links. Every
// text asset gets its brotli (.br) and gzip (.gz) forms beside it, made once here at the best ratio; the
// server sends those as they are (server/plugins/web.ts) and never compresses a file per request.
import { fileURLToPath } from 'node:url';
import { constants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: isSsrBuild ? [react()] : browserPlugins(),
  resolve: {
    // The router's shim of useSyncExternalStore for React 17 is React 19's own hook here (src/lib/use-sync-external-store.ts).
    alias: [
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: fileURLToPath(new URL('./src/lib/use-sync-external-store.ts', import.meta.url)),
      },
    ],
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:8080', '/media': 'http://localhost:8080' },
  },
  build: isSsrBuild
    ? {
        target: 'node20',
        minify: false,
        ssrManifest: false,
        // One file, its lazy pages inside: the server loads it under a new address for each build (ssr-bundle.ts),
        // and a page chunk importing the entry by its bare name would get a second copy of every module (a
        // router without the server's address, stores apart from the render's).
        rolldownOptions: { output: { codeSplitting: false } },
        // The one file holds the whole app and its packages: its size is nobody's download.
        chunkSizeWarningLimit: 4096,
      }
    : {
        target: 'es2022',
        reportCompressedSize: true,
        manifest: true, // dist/.vite/manifest.json: the chunk graph `npm run bench` measures
        chunkSizeWarningLimit: 200,
        // One stylesheet for every page: the server inlines it into each page's HTML, so a page's first paint
        // has all its styles and no later chunk adds any.
        cssCodeSplit: false,
        modulePreload: { polyfill: false }, // every browser the shop supports has <link rel="modulepreload">
        rolldownOptions: {
          // Two entries: index.html's script (src/boot.ts, which waits for the page to load) and the app it
          // then imports (src/main.tsx). What the app needs to hydrate is two chunks, React and the rest
          // ("start", everything main.tsx imports statically); each page adds its own chunk.
          input: { index: 'index.html', main: 'src/main.tsx' },
          output: {
            codeSplitting: {
              groups: [
                { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
                // Vite's helper that preloads a dynamic import's chunks, which boot.ts uses: a chunk of its own,
                // so that index.html's script loads nothing else before the page has.
                { name: 'preload', test: /preload-helper\.js$/, priority: 3 },
                // What main.tsx imports, but not main.tsx itself: its body awaits the page's chunk, which
                // imports from this chunk, so it must stay in its own (the entry) or each would wait for the other.
                { name: 'start', tags: ['$initial'], test: (id: string) => !/(\/src\/(boot|main)\.tsx?|\.html)$/.test(id), priority: 1 },
              ],
            },
          },
        },
      },
  // The server rendering is one file with its packages inside: the server loads it with nothing installed
  // beside it (the page's packages are development dependencies).
  ssr: { noExternal: true },
  worker: { format: 'es' },
}));

function browserPlugins() {
  return [
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false, // src/state/sw-update.ts registers it with workbox-window
      manifest: false, // the top-level manifest.webmanifest, linked from index.html (Vite hashes it)
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,woff2}'],
      },
      devOptions: { enabled: false },
    }),
    compression({
      include: /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/,
      threshold: 512,
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
    }),
  ];
}
