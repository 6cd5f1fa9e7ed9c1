// Bundles the app with the same tools Procura uses: rollup, TypeScript, node-resolve.
import { copyFileSync, mkdirSync } from 'node:fs';
import commonjs from '@rollup/plugin-commonjs';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import typescript from '@rollup/plugin-typescript';

const here = (path) => new URL(path, import.meta.url).pathname;

export default {
  input: here('src/main.tsx'),
  output: { file: here('dist/app.js'), format: 'es' },
  plugins: [
    replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify('production') } }),
    nodeResolve({ browser: true, extensions: ['.mjs', '.js', '.ts', '.tsx'] }),
    commonjs(),
    typescript({ tsconfig: here('tsconfig.json'), outDir: here('dist'), include: [here('src/**/*')] }),
    {
      name: 'copy-index-html',
      writeBundle() {
        mkdirSync(here('dist'), { recursive: true });
        copyFileSync(here('index.html'), here('dist/index.html'));
      },
    },
  ],
};
