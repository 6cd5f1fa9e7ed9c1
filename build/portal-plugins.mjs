// Rollup plugins for the portal and the widget: JSON modules, CSS through postcss (with a check
// that every custom property used is a design token that exists), the HTML page that loads the
// entry, React served by @preact/compat, and size budgets.
import { readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import postcss from 'postcss';

/** `import routes from './routes.json'`. */
export function json() {
  return {
    name: 'procura-json',
    transform(code, id) {
      if (!id.endsWith('.json')) return null;
      return { code: `export default ${code.trim()};`, map: { mappings: '' } };
    },
  };
}

/** Fails the build when a `var(--x)` names no custom property defined anywhere in the bundle. */
const checkTokens = () => ({
  postcssPlugin: 'procura-check-tokens',
  OnceExit(root, { result }) {
    const defined = new Set();
    root.walkDecls(/^--/, (decl) => defined.add(decl.prop));
    root.walkDecls((decl) => {
      for (const [, name] of decl.value.matchAll(/var\(\s*(--[\w-]+)/g)) {
        if (!defined.has(name)) throw decl.error(`Unknown design token ${name}`, { word: name });
      }
    });
    result.messages.push({ type: 'tokens', count: defined.size });
  },
});

/** Strips comments and needless whitespace. */
const minify = () => ({
  postcssPlugin: 'procura-minify',
  OnceExit(root) {
    root.walkComments((c) => c.remove());
    root.walk((node) => {
      node.raws.before = '';
      node.raws.after = '';
      node.raws.between = node.type === 'decl' ? ':' : '';
      if (node.type === 'rule') node.selector = node.selector.replace(/\s*,\s*/g, ',');
      if (node.type === 'decl') node.value = node.value.replace(/\s+/g, ' ').trim();
    });
  },
});

/**
 * Collects the CSS files modules import, in import order, into one hashed stylesheet that
 * `htmlPage` links.
 */
export function css({ name = 'portal.css' } = {}) {
  const sheets = new Map();
  return {
    name: 'procura-css',
    transform(code, id) {
      if (!id.endsWith('.css')) return null;
      sheets.set(id, code);
      return { code: 'export default undefined;', map: { mappings: '' } };
    },
    async generateBundle() {
      const order = [...this.getModuleIds()].filter((id) => sheets.has(id));
      const source = order.map((id) => sheets.get(id)).join('\n');
      const result = await postcss([checkTokens(), minify()]).process(source, { from: undefined });
      this.emitFile({ type: 'asset', name, source: result.css });
    },
  };
}

/** Writes the page from the template, loading the entry chunk and the stylesheet by their hashed names. */
export function htmlPage({ template, entry, fileName = 'index.html', sheetName = 'portal.css' }) {
  return {
    name: 'procura-html',
    buildStart() {
      this.addWatchFile(template);
    },
    generateBundle(_options, bundle) {
      const files = Object.values(bundle);
      const main = files.find((f) => f.type === 'chunk' && f.isEntry && f.name === entry);
      const sheet = files.find((f) => f.type === 'asset' && f.names?.includes(sheetName));
      if (!main) this.error(`no entry chunk named ${entry}`);
      const preload = main.imports.map((f) => `<link rel="modulepreload" href="/${f}">`).join('\n');
      const html = readFileSync(template, 'utf8')
        .replace('<!-- styles -->', sheet ? `<link rel="stylesheet" href="/${sheet.fileName}">` : '')
        .replace('<!-- scripts -->', `${preload}\n<script type="module" src="/${main.fileName}"></script>`);
      this.emitFile({ type: 'asset', fileName, source: html });
    },
  };
}

/**
 * Reports the gzipped JavaScript and CSS a browser fetches for a route until the network is idle
 * (its entry, the route's lazy chunk, the modules of `atLoad` that the page imports lazily as
 * it loads, everything those import statically, and the stylesheet) and fails the build over
 * `budgetKb`. `e2e/portal.spec.ts` fetches the page in Chromium and checks that it fetches these
 * files and no others.
 */
export function sizeBudget({ entry, route, atLoad = [], budgetKb }) {
  return {
    name: 'procura-size-budget',
    generateBundle(_options, bundle) {
      const files = Object.values(bundle);
      const chunk = (pred) => files.find((f) => f.type === 'chunk' && pred(f));
      const lazy = atLoad.map((path) => chunk((f) => f.isDynamicEntry && f.facadeModuleId?.endsWith(path)));
      const start = [chunk((f) => f.isEntry && f.name === entry), chunk((f) => f.isDynamicEntry && f.name === route), ...lazy];
      if (start.some((c) => !c)) this.error(`size budget: no chunk for one of ${[entry, route, ...atLoad].join(', ')}`);
      const seen = new Set();
      const visit = (c) => {
        if (!c || seen.has(c.fileName)) return;
        seen.add(c.fileName);
        for (const f of c.imports) visit(bundle[f]);
      };
      start.forEach(visit);
      const sheet = files.find((f) => f.type === 'asset' && f.names?.includes('portal.css'));
      const gz = (text) => gzipSync(text, { level: 9 }).length;
      const js = [...seen].reduce((n, f) => n + gz(bundle[f].code), 0);
      const cssBytes = sheet ? gz(sheet.source) : 0;
      const totalKb = Math.round(((js + cssBytes) / 1024) * 10) / 10;
      const report = {
        route,
        js_gzip_kb: Math.round((js / 1024) * 10) / 10,
        css_gzip_kb: Math.round((cssBytes / 1024) * 10) / 10,
        total_gzip_kb: totalKb,
        budget_kb: budgetKb,
        files: [...seen, ...(sheet ? [sheet.fileName] : [])],
      };
      this.emitFile({ type: 'asset', fileName: 'size.json', source: `${JSON.stringify(report, null, 2)}\n` });
      console.log(
        `The ${route} route fetches ${report.js_gzip_kb} KB of JavaScript and ${report.css_gzip_kb} KB of CSS until the network is idle, gzipped (budget ${budgetKb} KB).`,
      );
      if (totalKb > budgetKb) this.error(`The ${route} route loads ${totalKb} KB gzipped, over its ${budgetKb} KB budget.`);
    },
  };
}

/**
 * Builds React components against @preact/compat (the widget, where every kilobyte is the host's).
 * The aliases live in build/preact-compat-aliases.json, which the widget's vitest project also
 * reads, so its tests run on what the iframe ships.
 */
export function preactCompat() {
  const aliases = JSON.parse(readFileSync(new URL('./preact-compat-aliases.json', import.meta.url), 'utf8'));
  return {
    name: 'procura-preact-compat',
    resolveId(source, importer) {
      return Object.hasOwn(aliases, source) ? this.resolve(aliases[source], importer, { skipSelf: true }) : null;
    },
  };
}

const gzBytes = (text) => gzipSync(text, { level: 9 }).length;

/**
 * Records the gzipped size of everything an entry loads (its chunk, static imports and the
 * stylesheet) under `key` in `widget-size.json`, and fails the build over `failBytes`.
 */
export function bundleSize({ entry, key, failBytes, sheetName, report = 'dist/public/widget-size.json', lazyKey }) {
  return {
    name: 'procura-bundle-size',
    writeBundle(_options, bundle) {
      const files = Object.values(bundle);
      const main = files.find((f) => f.type === 'chunk' && f.isEntry && f.name === entry);
      const seen = new Set();
      const visit = (c) => {
        if (!c || seen.has(c.fileName)) return;
        seen.add(c.fileName);
        for (const f of c.imports) visit(bundle[f]);
      };
      visit(main);
      // What loads after the first script (dynamic imports), reported beside it when asked.
      const all = new Set(seen);
      const visitAll = (c) => {
        if (!c) return;
        for (const f of [...c.imports, ...c.dynamicImports]) {
          if (all.has(f) || !bundle[f]) continue; // already counted, or an external package
          all.add(f);
          visitAll(bundle[f]);
        }
      };
      visitAll(main);
      const sheet = sheetName ? files.find((f) => f.type === 'asset' && f.names?.includes(sheetName)) : undefined;
      const bytes = [...seen].reduce((n, f) => n + gzBytes(bundle[f].code), 0) + (sheet ? gzBytes(sheet.source) : 0);
      let sizes = {};
      try {
        sizes = JSON.parse(readFileSync(report, 'utf8'));
      } catch {
        // the first entry of this build writes the file
      }
      sizes[key] = bytes;
      const withLazy = [...all].reduce((n, f) => n + gzBytes(bundle[f].code), 0) + (sheet ? gzBytes(sheet.source) : 0);
      if (lazyKey) sizes[lazyKey] = withLazy;
      writeFileSync(report, `${JSON.stringify(sizes, null, 2)}\n`);
      console.log(`${key}: ${bytes} bytes gzipped (limit ${failBytes})${lazyKey ? `; ${withLazy} with what it loads later` : ''}.`);
      if (bytes > failBytes) this.error(`${entry} is ${bytes} bytes gzipped, over its ${failBytes}-byte limit.`);
    },
  };
}
