import { readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

export default defineConfig({
  // The build writes the version in; tests see the same.
  define: { __PROCURA_VERSION__: JSON.stringify(version) },
  test: {
    include: ['sdk/**/*.test.ts', 'server/**/*.test.ts', 'widget/**/*.test.{ts,tsx}', 'portal/**/*.test.tsx'],
    // Component tests say `@vitest-environment happy-dom` at their top.
    environment: 'node',
    environmentOptions: {
      happyDOM: { url: 'http://localhost:3000', settings: { disableIframePageLoading: true, disableJavaScriptFileLoading: true, disableCSSFileLoading: true } },
    },
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
