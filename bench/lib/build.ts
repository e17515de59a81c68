import { ensureBuilt } from '../../scripts/builds.mjs';

/**
 * Builds the portal into dist/client or the server into dist/server where the build is missing
 * or older than its sources, so the figures measure the code as it is. Throws when a build
 * fails.
 */
export function ensureBuilds(
  root: string,
  names: readonly ('portal' | 'server')[],
  log: (line: string) => void,
): void {
  for (const name of names)
    if (!ensureBuilt(root, name, { log }))
      throw new Error(`The ${name} build failed; see the messages above.`);
}
