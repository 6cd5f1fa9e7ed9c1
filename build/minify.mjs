// @rollup/plugin-terser, with each chunk's minified code kept by the text it was given: a rebuild
// after one change minifies only the chunks that change made different.
import { readFileSync } from 'node:fs';
import terser from '@rollup/plugin-terser';
import { diskCache, sha256 } from './cache.mjs';

const { version } = JSON.parse(readFileSync(new URL('../node_modules/terser/package.json', import.meta.url), 'utf8'));

export function minify(options) {
  const plugin = terser(options);
  const cache = diskCache('procura-minify', `${version}\0${JSON.stringify(options)}`);
  return {
    ...plugin,
    name: 'procura-minify',
    async renderChunk(code, chunk, outputOptions) {
      const key = sha256(`${outputOptions.format}\0${outputOptions.sourcemap}\0${code}`);
      const kept = cache.get(key);
      if (kept) return kept;
      const result = await plugin.renderChunk.call(this, code, chunk, outputOptions);
      cache.set(key, typeof result === 'string' ? { code: result } : result);
      return result;
    },
  };
}
