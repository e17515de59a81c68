import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const alias = { '@schemas': r('./schemas'), '@engine': r('./engine'), '@': r('./src') };

export default defineConfig({
  resolve: { alias },
  test: {
    reporters: ['default', './scripts/summary-reporter.ts'],
    projects: [
      {
        plugins: [react()],
        resolve: { alias },
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          include: [
            'engine/**/__tests__/**/*.test.{ts,tsx}',
            'src/**/__tests__/**/*.test.{ts,tsx}',
            'schemas/**/__tests__/**/*.test.ts',
            'tests/i18n/**/*.test.ts',
          ],
          exclude: ['src/server/**'],
          environment: 'jsdom',
          setupFiles: ['./src/testing/setup-dom.ts'],
          // Room for a machine whose cores are busy with other work; no test measures time.
          testTimeout: 20_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'server',
          sequence: { groupOrder: 1 },
          include: ['tests/server/**/*.test.ts', 'src/server/**/__tests__/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['./tests/server/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          maxWorkers: 2,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          sequence: { groupOrder: 2 },
          include: ['tests/e2e/**/*.spec.ts'],
          environment: 'node',
          globalSetup: ['./tests/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
          maxWorkers: 1,
          fileParallelism: false,
        },
      },
    ],
  },
});
