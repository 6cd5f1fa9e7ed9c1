import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['sdk/**/*.test.ts', 'server/**/*.test.ts', 'e2e/**/*.e2e.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
