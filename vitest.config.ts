import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import preactCompatAliases from './build/preact-compat-aliases.json' with { type: 'json' };

const { version } = JSON.parse(readFileSync(new URL('./sdk/package.json', import.meta.url), 'utf8')) as { version: string };

export default defineConfig({
  // The build writes each package's version in (the SDK's from sdk/package.json); tests see the SDK's.
  define: { __PROCURA_VERSION__: JSON.stringify(version) },
  test: {
    // Component tests say `@vitest-environment happy-dom` at their top.
    environment: 'node',
    environmentOptions: {
      happyDOM: { url: 'http://localhost:3000', settings: { disableIframePageLoading: true, disableJavaScriptFileLoading: true, disableCSSFileLoading: true } },
    },
    // One test file per core: vitest's default leaves a core idle, and many files spend their time
    // waiting on child processes, sockets and timers rather than computing. On PostgreSQL, one at a
    // time: Kysely's migrator reads the tables of every schema, and a schema another file drops
    // meanwhile fails that read.
    maxWorkers: /^postgres(ql)?:/.test(process.env.DATABASE_URL ?? '') ? 1 : availableParallelism(),
    testTimeout: 20_000,
    hookTimeout: 60_000,
    projects: [
      {
        // The server's and the SDK's files share one module graph per worker instead of importing
        // it anew for each file: each file makes its own app, database and servers, and none of
        // them mocks a module, stubs a global or fakes the clock.
        extends: true,
        test: {
          name: 'server',
          include: ['sdk/**/*.test.ts', 'contract/**/*.test.ts', 'server/**/*.test.ts'],
          isolate: false,
          // Built once before the files that run dist/ start (see the file).
          globalSetup: ['server/test/build-once.ts'],
        },
      },
      {
        extends: true,
        test: { name: 'react', include: ['portal/**/*.test.{ts,tsx}'], setupFiles: ['widget/test/cleanup.ts'] },
      },
      {
        // The widget's tests run on @preact/compat, as its iframe build does: React's modules are
        // aliased to it, for the components and for Testing Library. Testing Library is taken as
        // its ES module and inlined, so its own imports of React meet the aliases too (a package
        // left to Node would require React itself).
        extends: true,
        resolve: {
          alias: [
            ...Object.entries(preactCompatAliases).map(([name, target]) => ({ find: new RegExp(`^${name.replaceAll('/', '\\/')}$`), replacement: target })),
            { find: /^@testing-library\/react$/, replacement: '@testing-library/react/dist/@testing-library/react.esm.js' },
          ],
        },
        test: {
          name: 'widget',
          include: ['widget/**/*.test.{ts,tsx}'],
          setupFiles: ['widget/test/cleanup.ts'],
          server: { deps: { inline: ['@testing-library/react'] } },
        },
      },
    ],
  },
});
