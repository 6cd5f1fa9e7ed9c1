// The npm package as a developer gets it: packed in sdk/ from its build, installed into a fresh
// project, then imported, required, type-checked and rendered on a server. Needs `npm run build` first.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const sdk = import.meta.dirname;
const project = mkdtempSync(join(tmpdir(), 'procura-package-'));
const run = (cmd: string, args: string[]) => execFileSync(cmd, args, { cwd: project, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
let packed: { files: { path: string }[] };

// What each entry exports, values and types apart: the API partners build on. A name added to an
// entry fails here until it is added to this list too, so the package grows only on purpose.
const EXPORTS: Record<string, { values: string[]; types: string[] }> = {
  index: {
    values: [
      'COVERAGE_LEVELS',
      'HttpError',
      'NetworkError',
      'ProcuraError',
      'QUANTITY_BANDS',
      'RISK_LEVELS',
      'ResponseValidationError',
      'TREND_PERIODS',
      'TimeoutError',
      'VERSION',
      'acceptQuoteSchema',
      'aiInsightsSchema',
      'basketLineSchema',
      'basketOptionSchema',
      'basketSplitSchema',
      'bbeeStandingSchema',
      'catalogueSearchQuerySchema',
      'categoryFiguresSchema',
      'cityFiguresSchema',
      'costPreviewSchema',
      'createClient',
      'emailDeliverySchema',
      'embedRfqResponseSchema',
      'embedRfqSchema',
      'errorBodySchema',
      'fieldMessages',
      'isHttpError',
      'isNetworkError',
      'isProcuraError',
      'isResponseValidationError',
      'isTimeoutError',
      'locationSuggestionSchema',
      'locationSuggestionsSchema',
      'marketIntelligenceSchema',
      'marketTrendSchema',
      'marketTrendsQuerySchema',
      'marketTrendsSchema',
      'matchingSchema',
      'openApiDocumentSchema',
      'openApiOperationSchema',
      'orderDetailsSchema',
      'partnerAnalyticsSchema',
      'partnerCredentialsSchema',
      'partnerHostInputSchema',
      'partnerHostsSchema',
      'partnerProfileSchema',
      'partnerRegistrationSchema',
      'popularProductSchema',
      'popularProductsSchema',
      'popularQuerySchema',
      'procurementDataQuerySchema',
      'procurementDataSchema',
      'productSuggestionSchema',
      'productSuggestionsSchema',
      'purchaseOrderQuerySchema',
      'purchaseOrderSummarySchema',
      'quoteActionResponseSchema',
      'quoteLineSchema',
      'quotePreviewQuerySchema',
      'quotePreviewSchema',
      'quoteSchema',
      'recentEmbedRfqSchema',
      'recentEmbedRfqsSchema',
      'rfqBasketSubmissionSchema',
      'rfqInsightsSchema',
      'rfqLineSchema',
      'rfqPathSchema',
      'rfqSchema',
      'rfqSubmissionRecordSchema',
      'rfqSubmissionSchema',
      'rfqSubmitResponseSchema',
      'sectorFiguresSchema',
      'siteFiguresSchema',
      'siteVerificationSchema',
      'spanQuerySchema',
      'supplierMatchSchema',
      'supplierMetricsSchema',
      'supplierPerformanceSchema',
      'supplierQuerySchema',
      'supplierResponsePathSchema',
      'supplierResponseSchema',
      'supplierSchema',
      'supplierWithdrawalSchema',
      'trackedQuoteResponseSchema',
      'trackedQuoteSchema',
      'trackingPathSchema',
      'trackingQuerySchema',
      'validationDetailsSchema',
      'widgetLoadSchema',
    ],
    types: [
      'AcceptQuoteInput',
      'AiInsights',
      'BasketInput',
      'BasketLine',
      'BasketOption',
      'BasketSplit',
      'CallOptions',
      'CategoryFigures',
      'CityFigures',
      'ClientOptions',
      'CostPreview',
      'CoverageLevel',
      'EmbedRfqInput',
      'EmbedRfqResponse',
      'ErrorBody',
      'FormCalls',
      'LocationSuggestion',
      'MarketIntelligence',
      'MarketTrends',
      'MarketTrendsParams',
      'MarketTrendsQuery',
      'OpenApiDocument',
      'OpenApiOperation',
      'OrderDetails',
      'OrderDetailsInput',
      'PartnerAnalytics',
      'PartnerCredentials',
      'PartnerHostInput',
      'PartnerHosts',
      'PartnerProfile',
      'PartnerRegistration',
      'PartnerRegistrationInput',
      'PopularProduct',
      'PreviewParams',
      'ProcuraClient',
      'ProcurementData',
      'ProcurementDataParams',
      'ProcurementDataQuery',
      'ProductSuggestion',
      'PurchaseOrderSummary',
      'Quote',
      'QuoteActionResponse',
      'QuoteLine',
      'QuotePreview',
      'QuotePreviewQuery',
      'RateLimit',
      'RecentEmbedRfqs',
      'Rfq',
      'RfqBasketSubmission',
      'RfqBasketSubmissionInput',
      'RfqInsights',
      'RfqLine',
      'RfqSubmission',
      'RfqSubmissionInput',
      'RfqSubmissionRecord',
      'RfqSubmitResponse',
      'SectorFigures',
      'SiteFigures',
      'SiteVerification',
      'SpanParams',
      'SpanQuery',
      'SubmitOptions',
      'Supplier',
      'SupplierMatch',
      'SupplierMetrics',
      'SupplierParams',
      'SupplierPerformance',
      'SupplierQuery',
      'SupplierResponse',
      'SupplierWithdrawalInput',
      'TrackedQuote',
      'TrackedQuoteResponse',
      'WidgetLoad',
      'WidgetLoadInput',
      'WithQuantity',
    ],
  },
  embed: {
    values: ['PROTOCOL_VERSION', 'WIDGET_ERROR', 'WIDGET_READY', 'WIDGET_RESIZE', 'WIDGET_SUCCESS', 'WIDGET_THEMES', 'mountWidget'],
    types: [
      'EmbedOptions',
      'MountedWidget',
      'WidgetConfig',
      'WidgetErrorData',
      'WidgetEventHandler',
      'WidgetEventMap',
      'WidgetEventName',
      'WidgetSuccessData',
      'WidgetTheme',
    ],
  },
  react: {
    values: ['ProcuraWidget'],
    types: ['EmbedOptions', 'ProcuraWidgetProps', 'WidgetEventMap'],
  },
};

/** The names a declaration file exports, values and types apart, each list sorted. */
function declared(file: string): { values: string[]; types: string[] } {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const values: string[] = [];
  const types: string[] = [];
  for (const statement of source.statements) {
    if (ts.isExportDeclaration(statement) && statement.exportClause && ts.isNamedExports(statement.exportClause)) {
      for (const element of statement.exportClause.elements) (statement.isTypeOnly || element.isTypeOnly ? types : values).push(element.name.text);
    } else if (ts.canHaveModifiers(statement) && ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) {
      const name = (statement as ts.DeclarationStatement).name?.getText() ?? '(default)';
      (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement) ? types : values).push(name);
    }
  }
  return { values: values.sort(), types: types.sort() };
}

beforeAll(() => {
  const [info] = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', project], { cwd: sdk, encoding: 'utf8' }));
  packed = info;
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'procura-consumer', private: true, type: 'module' }));
  // React and its types are what a React app brings; everything else comes with the package.
  run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', join(project, info.filename), 'react@19', 'react-dom@19', '@types/react@19']);
}, 300_000);
afterAll(() => rmSync(project, { recursive: true, force: true }));

describe('the procura package', () => {
  it('publishes the SDK alone, and installs nothing of the server', () => {
    const paths = packed.files.map((f) => f.path);
    expect(paths.filter((p) => !p.startsWith('dist/')).sort()).toEqual(['LICENSE', 'README.md', 'package.json']);
    for (const entry of ['index', 'embed', 'react']) {
      expect(paths).toEqual(expect.arrayContaining([`dist/${entry}.js`, `dist/${entry}.cjs`, `dist/${entry}.d.ts`, `dist/${entry}.d.cts`]));
    }
    // Built modules, their declarations and source maps only: no TypeScript source, no test.
    expect(paths.filter((p) => p.startsWith('dist/') && !/^dist\/(chunks\/)?[\w-]+\.(js|cjs|d\.ts|d\.cts)(\.map)?$/.test(p))).toEqual([]);
    const manifest = JSON.parse(readFileSync(join(project, 'node_modules/procura/package.json'), 'utf8'));
    expect([manifest.dependencies, manifest.peerDependenciesMeta]).toEqual([
      { ky: expect.any(String), zod: expect.any(String) },
      { react: { optional: true } },
    ]);
    const installed = readdirSync(join(project, 'node_modules'));
    expect(installed).toEqual(expect.arrayContaining(['ky', 'zod', 'procura']));
    for (const serverPackage of ['koa', '@koa', 'kysely', 'better-sqlite3', 'pg', 'nodemailer', 'pino', 'wouter', 'rollup'])
      expect(installed).not.toContain(serverPackage);
  });

  it('imports from ESM, with the version written in', () => {
    writeFileSync(
      join(project, 'esm.mjs'),
      `import { createClient, isHttpError, rfqSchema, VERSION } from 'procura';
       import { mountWidget } from 'procura/embed';
       import { ProcuraWidget } from 'procura/react';
       const client = createClient({ baseUrl: 'https://procura.example' });
       console.log(JSON.stringify([VERSION, typeof client.data.procurementDataPages, typeof mountWidget, typeof ProcuraWidget, typeof rfqSchema.parse, isHttpError({ name: 'HttpError' })]));`,
    );
    const version = JSON.parse(readFileSync(join(sdk, 'package.json'), 'utf8')).version;
    expect(JSON.parse(run('node', ['esm.mjs']))).toEqual([version, 'function', 'function', 'function', 'function', true]);
  });

  it('exports from each entry, by import, require and declaration, exactly the names listed', () => {
    writeFileSync(
      join(project, 'names.mjs'),
      `import { createRequire } from 'node:module';
       const require = createRequire(import.meta.url);
       const names = {};
       for (const entry of ${JSON.stringify(Object.keys(EXPORTS))}) {
         const id = entry === 'index' ? 'procura' : 'procura/' + entry;
         names[entry] = { esm: Object.keys(await import(id)).sort(), cjs: Object.keys(require(id)).sort() };
       }
       console.log(JSON.stringify(names));`,
    );
    const loaded = JSON.parse(run('node', ['names.mjs']));
    for (const [entry, { values, types }] of Object.entries(EXPORTS)) {
      expect(loaded[entry]).toEqual({ esm: values, cjs: values });
      for (const extension of ['d.ts', 'd.cts'])
        expect(declared(join(project, 'node_modules/procura/dist', `${entry}.${extension}`))).toEqual({ values, types });
    }
  });

  it('requires from CommonJS', () => {
    writeFileSync(
      join(project, 'cjs.cjs'),
      `const { createClient, HttpError } = require('procura');
       const { mountWidget } = require('procura/embed');
       const { ProcuraWidget } = require('procura/react');
       console.log(JSON.stringify([typeof createClient, new HttpError(401, 'unauthorized', 'No key', undefined, null).code, typeof mountWidget, typeof ProcuraWidget]));`,
    );
    expect(JSON.parse(run('node', ['cjs.cjs']))).toEqual(['function', 'unauthorized', 'function', 'function']);
  });

  it('type-checks a TypeScript program against its declarations, for import and for require', () => {
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          module: 'nodenext',
          moduleResolution: 'nodenext',
          target: 'es2022',
          jsx: 'react-jsx',
          noEmit: true,
          skipLibCheck: false,
          lib: ['es2022', 'dom'],
          types: [],
        },
        files: ['check.tsx', 'check.cts'],
      }),
    );
    writeFileSync(
      join(project, 'check.tsx'),
      `import { createClient, isHttpError, type MarketTrends, type RfqSubmissionRecord } from 'procura';
       import { mountWidget, type WidgetEventMap } from 'procura/embed';
       import { ProcuraWidget } from 'procura/react';
       const client = createClient({ baseUrl: 'https://procura.example', apiKey: 'procura_live_x', partnerId: 'pt_1' });
       export async function main(): Promise<number> {
         const trends: MarketTrends = await client.data.marketTrends({ period: 'month' });
         for await (const page of client.data.procurementDataPages({ limit: 1000 })) {
           const first: RfqSubmissionRecord | undefined = page.results[0];
           if (first) return first.intent_score + trends.trends.length;
         }
         try { await client.rfq.get('1') } catch (e) { if (isHttpError(e)) return e.status }
         return client.rateLimit?.remaining ?? 0;
       }
       const widget = mountWidget(document.body, { baseUrl: 'https://procura.example', theme: 'dark' });
       const off: () => void = widget.on('success', (data: WidgetEventMap['success']) => console.log(data.rfqId, data.quoteCount));
       off();
       export const element = <ProcuraWidget config={{ baseUrl: 'https://procura.example' }} onSuccess={(d) => console.log(d.quoteCount)} />;`,
    );
    writeFileSync(
      join(project, 'check.cts'),
      `import procura = require('procura');
       const client = procura.createClient({ baseUrl: 'https://procura.example' });
       export const pending: Promise<procura.Rfq> = client.rfq.get('1');`,
    );
    // Wrong types must fail, or the check proves nothing.
    writeFileSync(
      join(project, 'wrong.ts'),
      `import { createClient } from 'procura';\ncreateClient({ baseUrl: 'x' }).data.marketTrends({ period: 'year' });\n`,
    );
    writeFileSync(join(project, 'tsconfig.wrong.json'), JSON.stringify({ extends: './tsconfig.json', files: ['wrong.ts'] }));
    const tsc = join(root, 'node_modules/typescript/bin/tsc');
    expect(run('node', [tsc, '-p', 'tsconfig.json'])).toBe('');
    const wrong = (() => {
      try {
        run('node', [tsc, '-p', 'tsconfig.wrong.json']);
        return '';
      } catch (e) {
        return String((e as { stdout?: string }).stdout);
      }
    })();
    expect(wrong).toMatch(/wrong\.ts\(2,\d+\): error TS2322: Type '"year"' is not assignable/);
  }, 180_000); // two tsc runs, slow on a busy machine

  it('is compiled into the application from source: nothing imports the sdk/ folder itself', () => {
    // sdk/ is a package, so every resolver (Vite, rollup, TypeScript) takes an import of the
    // folder to mean its package.json's entries, the build in sdk/dist, stale or absent.
    const files = ['server', 'portal', 'widget', 'sdk'].flatMap((dir) =>
      readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
        .map((f) => join(dir, f))
        .filter((f) => /\.tsx?$/.test(f) && !/(^|\/)(node_modules|dist)\//.test(f)),
    );
    expect(files.length).toBeGreaterThan(100);
    const folderImports = files.filter((f) => /(from|import)\s*\(?\s*['"](\.\.\/)+sdk['"]/.test(readFileSync(join(root, f), 'utf8')));
    expect(folderImports).toEqual([]);
  });

  it('renders <ProcuraWidget/> on a server to an empty container', () => {
    writeFileSync(
      join(project, 'ssr.mjs'),
      `import { createElement } from 'react';
       import { renderToString } from 'react-dom/server';
       import { ProcuraWidget } from 'procura/react';
       console.log(renderToString(createElement(ProcuraWidget, { config: { baseUrl: 'https://procura.example' }, className: 'quotes' })));`,
    );
    expect(run('node', ['ssr.mjs']).trim()).toBe('<div class="quotes"></div>');
  });
});
