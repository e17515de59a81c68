/**
 * Runs the browser figures alone against a server that is already running (built client, demo
 * site), e.g. `PORT=3430 DATA_DIR=/tmp/atrium-bench-browser SKIP_BUILD=1 npm start`, then
 * `npx tsx bench/browser/run-alone.ts http://127.0.0.1:3430`. Prints the rows as JSON.
 */
import runBrowserBenchmarks from './index';

const url = (process.argv[2] ?? 'http://127.0.0.1:3430').replace(/\/$/, '');
const started = performance.now();
const rows = await runBrowserBenchmarks({
  root: process.cwd(),
  // The server is the caller's: it is neither started nor stopped here.
  startServer: async () => ({ url, pid: 0, stop: async () => undefined }),
  log: (line) => console.error(`[${((performance.now() - started) / 1000).toFixed(1)} s] ${line}`),
});
console.log(JSON.stringify(rows, null, 2));
console.error(`Done in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
