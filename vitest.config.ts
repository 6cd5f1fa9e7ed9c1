import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['sdk/**/*.test.ts', 'server/**/*.test.ts', 'widget/**/*.test.tsx', 'portal/**/*.test.tsx', 'e2e/**/*.e2e.test.ts'],
    // Component tests say `@vitest-environment happy-dom` at their top.
    environment: 'node',
    environmentOptions: { happyDOM: { url: 'http://localhost:3000' } },
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
