import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { tsImport } from 'tsx/esm/api';
import { defineConfig, type Plugin } from 'vite';
import type * as ProjectValidator from './engine/cli/validate-project';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * Checks routes.config.json, every schema and uiSchema and the page keys when a build or the dev
 * server starts, so a broken config stops `npm start` and `npm run dev` with every problem listed.
 */
function projectConfigCheck(): Plugin {
  return {
    name: 'atrium-project-config',
    async buildStart() {
      this.addWatchFile(r('./routes.config.json'));
      const { validateProject, formatProblems } = (await tsImport(
        './engine/cli/validate-project.ts',
        import.meta.url,
      )) as typeof ProjectValidator;
      const report = await validateProject(r('.'));
      if (report.problems.length) {
        this.error(`The project config is invalid:\n${formatProblems(report.problems)}`);
      }
    },
  };
}

export default defineConfig({
  plugins: [projectConfigCheck(), react()],
  resolve: {
    alias: {
      '@schemas': r('./schemas'),
      '@engine': r('./engine'),
      '@': r('./src'),
    },
  },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/system': 'http://127.0.0.1:3000',
      '/files': 'http://127.0.0.1:3000',
    },
  },
});
