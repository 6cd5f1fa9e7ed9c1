// One build for every part of Procura. Each part is its own output; later parts (the widget
// loader, the widget app and the portal) are added here as they are built.
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import typescript from '@rollup/plugin-typescript';

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
    include: ['sdk/**/*.ts', 'server/**/*.ts'],
    exclude: ['**/*.test.ts'],
  });

export default [
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
