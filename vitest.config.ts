import { defineConfig } from 'vitest/config';

export default defineConfig({
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
