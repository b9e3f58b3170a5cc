// Builds the page (React), its Comlink worker and the service worker (vite-plugin-pwa, injectManifest
// from sw/sw.ts). The web app manifest is the top-level manifest.webmanifest that index.html links. Every
// text asset gets its brotli (.br) and gzip (.gz) forms beside it, made once here at the best ratio; the
// server sends those as they are (server/plugins/web.ts) and never compresses a file per request.
import { constants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: isSsrBuild ? [react()] : browserPlugins(),
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:8080', '/media': 'http://localhost:8080' },
  },
  build: isSsrBuild
    ? { target: 'node20', minify: false, ssrManifest: false }
    : {
        target: 'es2022',
        reportCompressedSize: true,
        manifest: true, // dist/.vite/manifest.json: the chunk graph `npm run bench` measures
        chunkSizeWarningLimit: 200,
        // One stylesheet for every page: the server inlines it into each page's HTML, so a page's first paint
        // has all its styles and no later chunk adds any.
        cssCodeSplit: false,
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
