// TypeScript for the bundles without a type-checking program: each file is transpiled on its own
// (tsconfig.json sets isolatedModules, so that is always correct). `npm run typecheck` (tsc --noEmit)
// is the one place types are checked. What a file transpiles to is kept, in memory for the other
// outputs of the same build and in node_modules/.cache for the next build, so a rebuild
// transpiles only the files that changed.
import { existsSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import ts from 'typescript';
import { diskCache, sha256 } from './cache.mjs';

const { options: tsconfigOptions } = ts.parseJsonConfigFileContent(ts.readConfigFile('tsconfig.json', ts.sys.readFile).config, ts.sys, process.cwd());
const compilerOptions = { ...tsconfigOptions, noEmit: false, declaration: false, sourceMap: true };
const cache = diskCache('procura-transpile', ts.version + JSON.stringify(compilerOptions));
const memory = new Map();

/** The file's JavaScript and source map, from the cache when its text is what was transpiled last. */
function transpileFile(code, id, fail) {
  const source = sha256(code);
  const key = sha256(id).slice(0, 32);
  let kept = memory.get(id);
  if (kept?.source !== source) kept = cache.get(key);
  if (kept?.source === source) {
    memory.set(id, kept);
    return kept;
  }
  const { outputText, sourceMapText, diagnostics } = ts.transpileModule(code, { compilerOptions, fileName: id, reportDiagnostics: true });
  if (diagnostics?.length)
    fail(ts.formatDiagnostics(diagnostics, { getCanonicalFileName: (f) => f, getCurrentDirectory: () => process.cwd(), getNewLine: () => '\n' }));
  const result = { source, code: outputText.replace(/\n\/\/# sourceMappingURL=.*$/, ''), map: sourceMapText };
  memory.set(id, result);
  cache.set(key, result);
  return result;
}

const isSource = (id) => /\.tsx?$/.test(id) && !id.includes('/node_modules/');
const isFile = (path) => existsSync(path) && statSync(path).isFile();
const CANDIDATES = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

/** Resolves the project's extensionless relative imports (`./quote-engine`) to their .ts or .tsx files. */
export function transpile() {
  return {
    name: 'procura-transpile',
    resolveId(source, importer) {
      if (!importer || !isSource(importer) || !(source.startsWith('./') || source.startsWith('../'))) return null;
      const base = resolve(dirname(importer), source);
      for (const suffix of CANDIDATES) if (isFile(base + suffix)) return base + suffix;
      return null;
    },
    transform(code, id) {
      if (!isSource(id)) return null;
      const { code: js, map } = transpileFile(code, id, (message) => this.error(message));
      return { code: js, map };
    },
  };
}
