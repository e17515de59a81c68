import { buildClient, clientBuildState } from '../../scripts/client-build.mjs';

/**
 * Builds the client into dist/client when the build is missing or older than its sources, so
 * the browser figures measure the code as it is. Throws when the build fails.
 */
export function ensureClientBuild(root: string, log: (line: string) => void): void {
  const state = clientBuildState(root);
  if (state === 'current') {
    log('The client build is up to date.');
    return;
  }
  log(
    state === 'stale' ? 'Sources changed since the last build: building…' : 'Building the client…',
  );
  if (!buildClient(root)) throw new Error('The client build failed; see the messages above.');
}
