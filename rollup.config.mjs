// One build for every part of Procura. Each part is its own output: the portal, the widget's
// iframe app and its loader (into dist/public), the server and the SDK.
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import typescript from '@rollup/plugin-typescript';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import commonjs from '@rollup/plugin-commonjs';
import replace from '@rollup/plugin-replace';
import { dts } from 'rollup-plugin-dts';
import { minify } from './build/minify.mjs';
import { transpile } from './build/transpile.mjs';
import { bundleSize, css, htmlPage, json, preactCompat, sizeBudget } from './build/portal-plugins.mjs';

const readVersion = (path) => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8')).version;
// The server and the SDK leave every package import to Node or to the SDK user's bundler.
const external = (id) => id.startsWith('node:') || builtinModules.includes(id) || /^(@[\w-][\w.-]*\/)?[\w-][\w.-]*(\/.*)?$/.test(id);
// The server reports the application's version; the SDK its own package's, which is what npm publishes.
const version = (path) => replace({ preventAssignment: true, values: { __PROCURA_VERSION__: JSON.stringify(readVersion(path)) } });
/** The npm package's entry points: `procura`, `procura/embed` and `procura/react`. */
const SDK_ENTRIES = { index: 'sdk/index.ts', embed: 'sdk/embed/index.ts', react: 'sdk/react/index.tsx' };
/** The SDK builds inside its workspace, so `npm pack` in sdk/ packs it. */
const SDK_DIST = 'sdk/dist';

// Only the npm package's own files pass through the TypeScript plugin (it writes the package's
// JavaScript as tsc would); types are checked once, by `npm run typecheck`, so it checks none.
const sdkTypescript = () =>
  typescript({
    tsconfig: './tsconfig.json',
    noEmit: false,
    noCheck: true,
    outDir: SDK_DIST,
    declaration: false,
    sourceMap: true,
    include: ['sdk/**/*.ts', 'sdk/**/*.tsx'],
    exclude: ['**/*.test.ts', '**/*.test.tsx', 'sdk/dist/**'],
  });

/**
 * Comments rollup cannot place and import circles inside packages are theirs to fix, not ours to
 * read: zod's __PURE__ annotations in v4/core/util.js and regexes.js, and its core.js <-> util.js
 * circle. A package is recognised by its node_modules folder with either path separator.
 */
function onwarn(warning, warn) {
  const inPackage = (id) => /[\\/]node_modules[\\/]/.test(id ?? '');
  if (warning.code === 'INVALID_ANNOTATION' && inPackage(warning.id)) return;
  if (warning.code === 'CIRCULAR_DEPENDENCY' && warning.ids?.every(inPackage)) return;
  warn(warning);
}

const builds = [
  {
    // The portal: one entry, a lazy chunk per route, one stylesheet, index.html.
    input: { portal: 'portal/main.tsx' },
    output: {
      dir: 'dist/public',
      format: 'es',
      sourcemap: true,
      entryFileNames: 'assets/[name]-[hash].js',
      chunkFileNames: 'assets/[name]-[hash].js',
      assetFileNames: 'assets/[name]-[hash][extname]',
    },
    plugins: [
      replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify('production') } }),
      json(),
      css(),
      nodeResolve({ browser: true, extensions: ['.mjs', '.js', '.ts', '.tsx', '.json'] }),
      commonjs(),
      transpile(),
      minify({ format: { comments: false } }),
      htmlPage({ template: 'portal/index.html', entry: 'portal' }),
      // A visitor who allows analytics sends the page view as the page loads, with the analytics sender.
      sizeBudget({ entry: 'portal', route: 'HomePage', atLoad: ['portal/lib/analytics-sender.ts'], budgetKb: 120 }),
      {
        name: 'procura-static-files',
        buildStart() {
          this.addWatchFile('contract/public-pages.json');
          this.addWatchFile('portal/app/paths.json');
          this.addWatchFile('portal/favicon.svg');
          this.addWatchFile('portal/favicon.ico');
        },
        generateBundle() {
          // Every route the portal serves, as portal/app/paths.ts joins them: the public pages, then the rest.
          const publicPaths = JSON.parse(readFileSync('contract/public-pages.json', 'utf8')).map((page) => page.path);
          const routes = [...publicPaths, ...JSON.parse(readFileSync('portal/app/paths.json', 'utf8'))];
          this.emitFile({ type: 'asset', fileName: 'routes.json', source: JSON.stringify(routes) });
          this.emitFile({ type: 'asset', fileName: 'favicon.svg', source: readFileSync('portal/favicon.svg', 'utf8') });
          // Asked for at /favicon.ico by browsers and crawlers whatever the page links; build/favicon-ico.mjs draws it from the SVG.
          this.emitFile({ type: 'asset', fileName: 'favicon.ico', source: readFileSync('portal/favicon.ico') });
        },
      },
    ],
  },
  {
    // The portal's server renderer (portal/ssr.tsx), React included, so the server renders the
    // content pages on production dependencies alone. Styles are the browser bundle's business.
    input: { render: 'portal/ssr.tsx' },
    output: { dir: 'dist/ssr', format: 'es', sourcemap: true, entryFileNames: '[name].js', inlineDynamicImports: true },
    external: (id) => id.startsWith('node:') || builtinModules.includes(id),
    plugins: [
      replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify('production') } }),
      json(),
      { name: 'procura-no-css', transform: (_code, id) => (id.endsWith('.css') ? { code: 'export default undefined;', map: { mappings: '' } } : null) },
      nodeResolve({ exportConditions: ['node'], extensions: ['.mjs', '.js', '.ts', '.tsx', '.json'] }),
      commonjs(),
      transpile(),
    ],
  },
  {
    // The widget inside its iframe: the same form components on @preact/compat, and /widget-embed.
    input: { widget: 'widget/embed/main.tsx' },
    output: {
      dir: 'dist/public',
      format: 'es',
      sourcemap: true,
      entryFileNames: 'embed/[name]-[hash].js',
      chunkFileNames: 'embed/[name]-[hash].js',
      assetFileNames: 'embed/[name]-[hash][extname]',
    },
    plugins: [
      replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify('production') } }),
      preactCompat(),
      css({ name: 'widget.css' }),
      nodeResolve({ browser: true, extensions: ['.mjs', '.js', '.ts', '.tsx', '.json'] }),
      commonjs(),
      transpile(),
      minify({ format: { comments: false } }),
      htmlPage({ template: 'widget/embed/index.html', entry: 'widget', fileName: 'widget-embed.html', sheetName: 'widget.css' }),
      bundleSize({ entry: 'widget', key: 'app_gz_bytes', lazyKey: 'app_with_client_gz_bytes', sheetName: 'widget.css', failBytes: 25 * 1024 }),
    ],
  },
  {
    // The loader partners paste, served at /api/embed/widget.js: one small classic script.
    input: { loader: 'widget/loader/index.ts' },
    output: { dir: 'dist/public/embed', format: 'iife', entryFileNames: '[name].js' },
    plugins: [
      nodeResolve({ browser: true, extensions: ['.js', '.ts'] }),
      transpile(),
      minify({ format: { comments: false }, compress: { passes: 2 } }),
      bundleSize({ entry: 'loader', key: 'loader_gz_bytes', failBytes: 1536 }),
    ],
  },
  {
    input: {
      main: 'server/main.ts',
      cli: 'server/cli.ts',
      'paperwork-worker': 'server/requests/paperwork/paperwork.worker.ts',
      'offers-worker': 'server/catalogue/offers.worker.ts',
    },
    output: { dir: 'dist/server', format: 'es', sourcemap: true, entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
    external,
    plugins: [version('./package.json'), json(), transpile()],
  },
  {
    // The npm package: each entry as ESM and CommonJS, sharing chunks.
    input: SDK_ENTRIES,
    output: [
      { dir: SDK_DIST, format: 'es', sourcemap: true, entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
      { dir: SDK_DIST, format: 'cjs', sourcemap: true, exports: 'named', entryFileNames: '[name].cjs', chunkFileNames: 'chunks/[name]-[hash].cjs' },
    ],
    external,
    plugins: [version('./sdk/package.json'), sdkTypescript()],
  },
  {
    // What each entry weighs in an app: the built files above with ky, minified; React and zod are
    // the app's own. Measured only (dist/sdk-size.json), never published.
    input: Object.fromEntries(Object.keys(SDK_ENTRIES).map((name) => [name, `${SDK_DIST}/${name}.js`])),
    output: { dir: 'dist/sdk-size', format: 'es', entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
    external: (id) => /^(react|react-dom|zod)(\/|$)/.test(id),
    plugins: [
      nodeResolve({ browser: true }),
      minify({ format: { comments: false } }),
      bundleSize({ entry: 'index', key: 'core_gz_bytes', failBytes: 24 * 1024, report: 'dist/sdk-size.json' }),
      bundleSize({ entry: 'embed', key: 'embed_gz_bytes', failBytes: 3 * 1024, report: 'dist/sdk-size.json' }),
      bundleSize({ entry: 'react', key: 'react_gz_bytes', failBytes: 4 * 1024, report: 'dist/sdk-size.json' }),
    ],
  },
  // Their type declarations, one self-contained file per entry, for import (.d.ts) and require (.d.cts).
  ...Object.entries(SDK_ENTRIES).map(([name, input]) => ({
    input,
    output: [
      { file: `${SDK_DIST}/${name}.d.ts`, format: 'es' },
      { file: `${SDK_DIST}/${name}.d.cts`, format: 'es' },
    ],
    external,
    plugins: [dts({ tsconfig: './tsconfig.json' })],
  })),
];

export default builds.map((build) => ({ onwarn, ...build }));
