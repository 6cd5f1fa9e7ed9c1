// One build for every part of Procura. Each part is its own output; later parts (the widget
// loader, the widget app and the portal) are added here as they are built.
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import typescript from '@rollup/plugin-typescript';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import commonjs from '@rollup/plugin-commonjs';
import replace from '@rollup/plugin-replace';
import terser from '@rollup/plugin-terser';
import { css, htmlPage, json, sizeBudget } from './build/portal-plugins.mjs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const dependencies = Object.keys({ ...pkg.dependencies, ...pkg.peerDependencies });
const external = (id) =>
  id.startsWith('node:') ||
  builtinModules.includes(id) ||
  dependencies.some((dep) => id === dep || id.startsWith(`${dep}/`));

const ts = (outDir) =>
  typescript({
    tsconfig: './tsconfig.json',
    noEmit: false,
    outDir,
    declaration: false,
    sourceMap: true,
    include: ['sdk/**/*.ts', 'server/**/*.ts', 'widget/**/*.ts', 'widget/**/*.tsx', 'portal/**/*.ts', 'portal/**/*.tsx'],
    exclude: ['**/*.test.ts', '**/*.test.tsx', '**/test/**'],
  });

export default [
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
      ts('dist/public'),
      terser({ format: { comments: false } }),
      htmlPage({ template: 'portal/index.html', entry: 'portal' }),
      sizeBudget({ entry: 'portal', route: 'HomePage', budgetKb: 120 }),
      {
        name: 'procura-static-files',
        generateBundle() {
          this.emitFile({ type: 'asset', fileName: 'routes.json', source: readFileSync('portal/app/paths.json', 'utf8') });
          this.emitFile({ type: 'asset', fileName: 'favicon.svg', source: readFileSync('portal/favicon.svg', 'utf8') });
        },
      },
    ],
  },
  {
    input: { main: 'server/main.ts', cli: 'server/cli.ts' },
    output: { dir: 'dist/server', format: 'es', sourcemap: true, entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
    external,
    plugins: [ts('dist/server')],
  },
  {
    input: 'sdk/index.ts',
    output: [
      { file: 'dist/sdk/index.js', format: 'es', sourcemap: true },
      { file: 'dist/sdk/index.cjs', format: 'cjs', sourcemap: true, exports: 'named' },
    ],
    external,
    plugins: [ts('dist/sdk')],
  },
];
