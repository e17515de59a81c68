import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { tsImport } from 'tsx/esm/api';
import { defineConfig, type Plugin } from 'vite';
import type * as ProjectValidator from './engine/cli/validate-project';
import { routeAssets } from './scripts/first-loads.mjs';
import { precompress } from './scripts/vite-compress';

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

/**
 * Writes `.vite/chunk-modules.json` beside the manifest: each emitted script and the source
 * modules in it, so scripts/check-bundle.mjs can tell which libraries a first load carries.
 */
function chunkModulesFile(): Plugin {
  return {
    name: 'atrium-chunk-modules',
    generateBundle(_options, bundle) {
      const root = r('.');
      const chunks: Record<string, string[]> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks[output.fileName] = output.moduleIds.map((id) =>
          id.startsWith(root) ? id.slice(root.length) : id,
        );
      }
      this.emitFile({
        type: 'asset',
        fileName: '.vite/chunk-modules.json',
        source: JSON.stringify(chunks, null, 1),
      });
    },
  };
}

/**
 * Writes `.vite/route-assets.json` once the build is written: for each route, the scripts and
 * styles its page needs beyond index.html (scripts/first-loads.mjs). The server names them in the
 * portal's page, so the browser fetches the page's code alongside the portal's own.
 */
function routeAssetsFile(): Plugin {
  let outDir = '';
  return {
    name: 'atrium-route-assets',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      const manifest = JSON.parse(
        readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8'),
      ) as Parameters<typeof routeAssets>[0];
      writeFileSync(
        path.join(outDir, '.vite/route-assets.json'),
        JSON.stringify(routeAssets(manifest, r('.')), null, 1),
      );
    },
  };
}

export default defineConfig({
  plugins: [projectConfigCheck(), react(), precompress(), routeAssetsFile()],
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
    // scripts/check-bundle.mjs reads the manifest to measure the first load of each route.
    manifest: true,
    // Every browser we support preloads modules natively; the polyfill would only add bytes.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      plugins: [chunkModulesFile()],
      treeshake: {
        // Our TypeScript modules do nothing on import that matters when none of their exports
        // is used (CSS imports are files of their own and keep their effect). Saying so lets the
        // bundler see through barrel files like `@engine/core`, so the first load does not pull
        // date-fns and the like that only lazy pages use.
        moduleSideEffects: [
          { test: /[\\/](engine|schemas|src)[\\/].*\.tsx?$/, sideEffects: false },
        ],
      },
      output: {
        codeSplitting: {
          groups: [
            {
              // Every page needs these: one long-cached file instead of several small ones.
              name: 'framework',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query))[\\/]/,
              priority: 2,
            },
          ],
        },
      },
    },
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
