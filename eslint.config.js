// ESLint for every runtime: the recommended JavaScript and TypeScript rules, React's hook rules for the
// page, and the import boundaries that keep the layers apart (`npm run lint`, part of `npm test`):
// - common/ is shared by the page, the worker, the service worker and the server: it imports none of them;
//   common/browser/ is its part for the browser runtimes (page, search worker and service worker: IndexedDB,
//   the Cache API, fetch), which only they import;
// - the server imports common/ but not common/browser/, and its areas are layered (SERVER_LAYERS below): each
//   imports only the ones beneath it, so no two areas import each other, directly or around a circle, and only
//   through the other area's public module (server/<area>/public.ts);
// - the service worker imports common/ and its own files;
// - in the page, imports flow one way: lib, api -> state -> components -> features -> app, and a feature
//   never imports another feature; the search worker imports only common/ and its own folder (its page side,
//   the client and the queue, src/lib too).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** A no-restricted-imports rule that refuses specifiers matching each regex, with the reason. */
const refuse = (...rules) => ['error', { patterns: rules.map(([regex, message]) => ({ regex, message })) }];

/** What no server file imports: the page's and the browser's code and packages. */
const SERVER_REFUSALS = [
  ['(^|/)(src|sw|common/browser)/', 'The server imports only common/ (not common/browser/) of what it shares with the page.'],
  ['^(react|react-dom|wouter|valtio|comlink|idb-keyval|workbox-.*)(/|$)', 'No page packages on the server.'],
];

/**
 * The server's areas (folders, and the files at its top), from the bottom up: each imports only the ones before
 * it. Helpers that know no area (lib), the database, the refusal every rule throws, sign-in tokens, the HTTP
 * layer, the picture pipeline, the mail outbox; then the shop's areas, the catalogue first and the ones that
 * use others later; then the background passes, page rendering and the app's plugins; the wiring files on top.
 */
const SERVER_LAYERS = [
  'lib',
  'db',
  'refusal.ts',
  'sessions',
  'http',
  'media',
  'mail',
  'catalog',
  'gift',
  'basket',
  'push',
  'config.ts',
  'accounts',
  'orders',
  'payments',
  'carrier',
  'desk',
  'exchange',
  'content',
  'background',
  'render',
  'plugins',
  'types.ts',
  'shop-api.ts',
  'app.ts',
  'main.ts',
  'seed-cli.ts',
];
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const SERVER_AREAS = SERVER_LAYERS.filter((name) => !name.endsWith('.ts'));

/**
 * One block per server area: the common refusals, every area above it, and the files of any other area but
 * its public module (server/<area>/public.ts: what the other areas may use of it).
 */
const serverLayerBlocks = SERVER_LAYERS.map((name, i) => {
  const above = SERVER_LAYERS.slice(i + 1)
    .map(escape)
    .join('|');
  const others = SERVER_AREAS.filter((area) => area !== name).join('|');
  const files = name.endsWith('.ts') ? [`server/${name}`] : [`server/${name}/**/*.ts`];
  // From server/<area>/… an area is reached as ../<area>/ (or ../../ from a subfolder); from a top file as ./<area>/.
  const reach = name.endsWith('.ts') ? '^\\./' : '^(\\.\\./)+';
  const layered = above
    ? [
        [
          `${reach}(${above})(/|$)`,
          `server/${name} sits below ${SERVER_LAYERS.slice(i + 1).join(', ')} (SERVER_LAYERS in eslint.config.js): it imports none of them.`,
        ],
      ]
    : [];
  const throughPublic = [
    `${reach}(${others})/(?!public\\.ts$)`,
    'Another area is used only through its public module: import from server/<area>/public.ts.',
  ];
  return { files, rules: { 'no-restricted-imports': refuse(...SERVER_REFUSALS, ...layered, throughPublic) } };
});

const RUNTIME_PACKAGES =
  '^(react|react-dom|wouter|valtio|comlink|idb-keyval|workbox-.*|fastify|@fastify/.*|pg|@electric-sql/.*|nodemailer|node:.*)(/|$)';

export default tseslint.config(
  { ignores: ['dist/', 'dev-dist/', 'node_modules/', 'test-results/', 'playwright-report/', 'data/', '.tsbuild/', '.tmp/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2022, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-console': 'off',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: globals.browser },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // One owner of Web Storage in the page: src/state/web-storage.ts.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/state/web-storage.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'localStorage', message: 'Read and write it through src/state/web-storage.ts.' },
        { name: 'sessionStorage', message: 'Read and write it through src/state/web-storage.ts.' },
      ],
    },
  },
  { files: ['sw/**/*.ts', 'src/worker/**/*.ts'], languageOptions: { globals: globals.serviceworker } },
  {
    files: ['server/**/*.ts', 'scripts/**/*.ts', 'bench/**/*.ts', 'tests/**/*.ts', '*.config.{js,ts}'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['tests/**/*.{ts,tsx}'],
    // Test helpers read loosely shaped JSON answers; each test asserts the fields it reads.
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    // The server files share a worker (isolate: false). jsdom brings undici 7, whose first import makes itself
    // the process's fetch dispatcher when no fetch has run yet; Node 20's own fetch then refused every push the
    // shop sent ("invalid content-length header"), in whichever file ran after it: push.test.ts failed whenever
    // one worker ran the feeds test (then on jsdom) first.
    files: ['tests/server/**/*.ts'],
    rules: {
      'no-restricted-imports': refuse([
        '^jsdom$',
        'No jsdom in the server tests: it swaps the fetch of every later file in the worker (tests/support/xml-tree.ts reads XML).',
      ]),
    },
  },

  // Import boundaries -------------------------------------------------------------------------------------
  {
    files: ['common/**/*.ts'],
    ignores: ['common/browser/**'],
    rules: {
      'no-restricted-imports': refuse(
        ['^\\.\\./(src|server|sw|tests|bench|scripts)/', 'common/ is shared by every runtime: it imports none of them.'],
        ['(^|/)browser/', 'common/ outside browser/ runs on the server too: it imports nothing of common/browser/.'],
        [RUNTIME_PACKAGES, 'common/ runs in every runtime: no DOM, React, Node or runtime-specific package.'],
      ),
    },
  },
  {
    files: ['common/browser/**/*.ts'],
    languageOptions: { globals: globals.serviceworker },
    rules: {
      'no-restricted-imports': refuse(
        [
          '^(\\.\\./)+(src|server|sw|tests|bench|scripts)/',
          'common/browser/ is shared by the page, the search worker and the service worker: it imports none of them.',
        ],
        [
          '^(react|react-dom|wouter|valtio|comlink|workbox-.*|fastify|@fastify/.*|pg|@electric-sql/.*|nodemailer|node:.*)(/|$)',
          'common/browser/ runs in the page and the workers: IndexedDB (idb-keyval) and fetch, nothing else.',
        ],
      ),
    },
  },
  { files: ['server/**/*.ts'], rules: { 'no-restricted-imports': refuse(...SERVER_REFUSALS) } },
  ...serverLayerBlocks,
  {
    files: ['sw/**/*.ts'],
    rules: {
      'no-restricted-imports': refuse(
        ['(^|/)server/', 'The service worker never imports the server.'],
        ['(^|/)src/', 'The service worker imports common/, not the page.'],
        ['^(react|react-dom|wouter|valtio|comlink)(/|$)', 'No page packages in the service worker.'],
      ),
    },
  },
  {
    // The search worker's page side (its client and the queue that feeds it) sits at the page's bottom layer.
    files: ['src/worker/**/*.ts'],
    rules: {
      'no-restricted-imports': refuse(
        ['^\\.\\./(?!\\.\\./common/|lib/)', "The search worker's page side imports only common/, src/lib and its own folder."],
        ['^(react|react-dom|wouter|valtio|idb-keyval)(/|$)', 'No page packages in the worker.'],
      ),
    },
  },
  {
    files: ['src/worker/*.worker.ts'],
    rules: {
      'no-restricted-imports': refuse(
        ['^\\.\\./(?!\\.\\./common/)', 'The worker imports only common/ and its own folder.'],
        ['^(react|react-dom|wouter|valtio|idb-keyval)(/|$)', 'No page packages in the worker.'],
      ),
    },
  },
  {
    // index.html's one script: anything it imports statically is fetched (React and the app's first chunk
    // among it) before the page's first paint.
    files: ['src/boot.ts'],
    rules: { 'no-restricted-imports': refuse(['.', 'src/boot.ts imports nothing: it loads the app with import() after the paint.']) },
  },
  {
    files: ['src/lib/**/*.ts'],
    rules: {
      'no-restricted-imports': refuse(['^\\.\\./(api|state|components|features|app|worker)/', 'src/lib is the bottom layer of the page.']),
    },
  },
  {
    files: ['src/api/**/*.ts'],
    rules: { 'no-restricted-imports': refuse(['^\\.\\./(state|components|features|app)/', 'src/api sits below the stores and the UI.']) },
  },
  {
    files: ['src/state/**/*.ts'],
    rules: { 'no-restricted-imports': refuse(['^\\.\\./(components|features|app)/', 'Stores sit below the UI.']) },
  },
  {
    files: ['src/components/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': refuse(['^\\.\\./(features|app)/', 'Shared components sit below the features.']) },
  },
  {
    files: ['src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': refuse(
        ['^\\.\\./(?!\\.\\.)[^/]+/', 'A feature never imports another feature: move what both need to components/, state/ or common/.'],
        ['^\\.\\./\\.\\./app/', 'Features sit below the app.'],
      ),
    },
  },
);
