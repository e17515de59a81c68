import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { tsImport } from 'tsx/esm/api';
import { build, defineConfig, type Plugin } from 'vite';
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
function chunkModulesFile(fileName = '.vite/chunk-modules.json'): Plugin {
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
        fileName,
        source: JSON.stringify(chunks, null, 1),
      });
    },
  };
}

/**
 * Builds the script of a page sent as a finished document (src/app/document-page.ts) into the
 * same folder, on its own: sharing files with the portal would split the portal's first load
 * into more, smaller files, which cost a signed-in user about a kilobyte. Its manifest and
 * modules are `.vite/document-manifest.json` and `.vite/document-chunk-modules.json`.
 */
async function buildDocumentScript(mode: string, outDir: string): Promise<void> {
  await build({
    configFile: false,
    mode,
    logLevel: 'warn',
    resolve: { alias: aliases(false) },
    plugins: [chunkModulesFile('.vite/document-chunk-modules.json')],
    build: {
      outDir,
      emptyOutDir: false,
      copyPublicDir: false,
      sourcemap: false,
      target: 'es2022',
      manifest: '.vite/document-manifest.json',
      modulePreload: { polyfill: false },
      rolldownOptions: { input: { document: r('./src/app/document-page.ts') }, treeshake },
    },
  });
}

/**
 * Writes `.vite/route-assets.json` once the build is written: for each route, the scripts and
 * styles its page needs beyond index.html (scripts/first-loads.mjs), and the document script's,
 * built first. The server names them in the portal's page, so the browser fetches the page's
 * code alongside the portal's own. (Written before the build's files are compressed, which
 * happens when the build closes, so the document script is compressed with them.)
 */
function routeAssetsFile(): Plugin {
  let outDir = '';
  let mode = 'production';
  return {
    name: 'atrium-route-assets',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      mode = config.mode;
    },
    async writeBundle() {
      await buildDocumentScript(mode, outDir);
      const read = (file: string) =>
        JSON.parse(readFileSync(path.join(outDir, file), 'utf8')) as Parameters<
          typeof routeAssets
        >[0];
      writeFileSync(
        path.join(outDir, '.vite/route-assets.json'),
        JSON.stringify(
          routeAssets(read('.vite/manifest.json'), r('.'), read('.vite/document-manifest.json')),
          null,
          1,
        ),
      );
    },
  };
}

/**
 * Once the browser build is written, builds the server's page renderer (src/app/server-render.tsx)
 * into dist/ssr from the same modules, so every `vite build` leaves the two matching.
 */
function pageRendererBuild(): Plugin {
  let mode = 'production';
  return {
    name: 'atrium-page-renderer',
    apply: 'build',
    configResolved(config) {
      mode = config.mode;
    },
    async closeBundle() {
      await build({
        configFile: r('./vite.config.ts'),
        mode,
        logLevel: 'warn',
        build: { ssr: r('./src/app/server-render.tsx') },
      });
    },
  };
}

/**
 * Orders the built index.html for a page the server has rendered: its stylesheets first (they
 * hold up the first paint), then the portal's scripts at low priority, so the styles and images
 * the page shows are fetched before the code that makes it interactive.
 */
function headOrder(): Plugin {
  return {
    name: 'atrium-head-order',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const styles = html.match(/[ \t]*<link rel="stylesheet"[^>]*>\n?/g) ?? [];
        let out = styles.reduce((page, tag) => page.replace(tag, ''), html);
        out = out.replace(
          /([ \t]*)<script type="module"/,
          (match, indent: string) =>
            `${styles.map((tag) => `${indent}${tag.trim()}\n`).join('')}${match}`,
        );
        return out
          .replace(
            /<script type="module" crossorigin/g,
            '<script type="module" fetchpriority="low" crossorigin',
          )
          .replace(
            /<link rel="modulepreload" crossorigin/g,
            '<link rel="modulepreload" fetchpriority="low" crossorigin',
          );
      },
    },
  };
}

/**
 * React Router as production needs it. Its production build: the package names only its
 * development one, which warns developers from production pages too
 * (remix-run/react-router#14102). And without the parts no page uses (its `<Form>` and what that
 * brings): the bundler keeps a module-level `forwardRef()` or `memo()` call and a `displayName`
 * assignment, since either might have an effect. They have none (the names are for React's
 * developer tools only), so they are marked pure and dropped, and what nothing uses goes too.
 */
function reactRouterProduction(): Plugin {
  return {
    name: 'atrium-react-router-production',
    apply: 'build',
    enforce: 'pre',
    resolveId: {
      filter: { id: /^react-router$/ },
      async handler(source, importer, options) {
        const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
        if (!resolved) return null;
        const production = resolved.id.replace(
          /([\\/]dist[\\/])development([\\/])/,
          '$1production$2',
        );
        return existsSync(production) ? { ...resolved, id: production } : resolved;
      },
    },
    transform: {
      filter: { id: /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]/ },
      handler(code) {
        return code
          .replace(/= (React\d*)\.(forwardRef|memo)\(/g, '= /* @__PURE__ */ $1.$2(')
          .replace(/^[\w$]+\.displayName = "[^"\n]*";$/gm, '');
      },
    },
  };
}

/** The import aliases; the server's renderer (`ssr`) cleans administrator HTML its own way. */
function aliases(ssr: boolean) {
  return [
    // The server renders administrator HTML with the server's own sanitizer (the same policy);
    // the browser's needs a DOM.
    // Search snippets too: the browser cleans them with DOMPurify, which needs a DOM as well.
    ...(ssr
      ? [
          { find: /^@\/lib\/admin-html$/, replacement: r('./src/server/lib/sanitize.ts') },
          {
            find: /^@\/features\/catalogue\/html$/,
            replacement: r('./src/server/lib/sanitize.ts'),
          },
        ]
      : []),
    { find: '@schemas', replacement: r('./schemas') },
    { find: '@engine', replacement: r('./engine') },
    { find: '@', replacement: r('./src') },
  ];
}

/**
 * Our TypeScript modules do nothing on import that matters when none of their exports is used
 * (CSS imports are files of their own and keep their effect). Saying so lets the bundler see
 * through barrel files like `@engine/core`, so the first load does not pull date-fns and the like
 * that only lazy pages use.
 */
const treeshake = {
  moduleSideEffects: [{ test: /[\\/](engine|schemas|src)[\\/].*\.tsx?$/, sideEffects: false }],
};

export default defineConfig(({ isSsrBuild }) => ({
  // `vite build --ssr src/app/server-render.tsx` builds the server's renderer into dist/ssr: the
  // same modules for Node, without the browser build's records and compressed copies.
  plugins: isSsrBuild
    ? [reactRouterProduction(), react()]
    : [
        projectConfigCheck(),
        reactRouterProduction(),
        react(),
        headOrder(),
        precompress(),
        routeAssetsFile(),
        pageRendererBuild(),
      ],
  resolve: { alias: aliases(isSsrBuild === true) },
  // The server's renderer carries its libraries, built as the build is: loaded from
  // node_modules, React would pick its development build wherever NODE_ENV is unset at run time
  // (as with `npm start`) and render pages several times slower. (A build with NODE_ENV set to
  // something else compiles JSX for React's development build, which it then keeps.)
  ...(isSsrBuild
    ? {
        ssr: { noExternal: true },
        define: {
          'process.env.NODE_ENV': JSON.stringify(process.env.NODE_ENV ?? 'production'),
        },
      }
    : {}),
  build: isSsrBuild
    ? {
        outDir: 'dist/ssr',
        emptyOutDir: true,
        copyPublicDir: false,
        sourcemap: false,
        target: 'node20',
      }
    : {
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
          treeshake,
          output: {
            codeSplitting: {
              groups: [
                {
                  // Every page needs these: one long-cached file instead of several small ones. Only
                  // what the first load runs: the rest (the infinite query, mutations) goes with
                  // the pages that use it.
                  name: 'framework',
                  test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query))[\\/]/,
                  priority: 2,
                  tags: ['$initial'],
                },
                {
                  // The HTTP client and the helper of dynamic imports, which the entry and most
                  // pages share: one file instead of three.
                  name: 'api',
                  test: /([\\/]src[\\/]lib[\\/]api\.ts|[\\/]engine[\\/]core[\\/](http|encoding)\.ts|vite[\\/]preload-helper)/,
                  priority: 2,
                },
                {
                  // The small parts most pages show (page header, loading and empty states, pager,
                  // training cards, buttons): one script and one stylesheet instead of one of each
                  // per part, since each stylesheet holds up the first paint.
                  name: 'page-parts',
                  test: /[\\/]src[\\/](shell[\\/](page|states|pager|trainings|back-link)[\\/]|(shell[\\/]styles|features[\\/][\w-]+[\\/]components)[\\/]buttons\.module\.css)/,
                  priority: 1,
                  // Their own code only: what they use from the portal's entry stays there.
                  includeDependenciesRecursively: false,
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
}));
