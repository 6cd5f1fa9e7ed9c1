import { readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

const { version } = JSON.parse(readFileSync(new URL('./sdk/package.json', import.meta.url), 'utf8')) as { version: string };

export default defineConfig({
  // The build writes each package's version in (the SDK's from sdk/package.json); tests see the SDK's.
  define: { __PROCURA_VERSION__: JSON.stringify(version) },
  test: {
    include: ['sdk/**/*.test.ts', 'server/**/*.test.ts', 'widget/**/*.test.{ts,tsx}', 'portal/**/*.test.tsx', 'e2e/**/*.e2e.test.ts'],
    // Component tests say `@vitest-environment happy-dom` at their top.
    environment: 'node',
    environmentOptions: {
      happyDOM: { url: 'http://localhost:3000', settings: { disableIframePageLoading: true, disableJavaScriptFileLoading: true, disableCSSFileLoading: true } },
    },
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
