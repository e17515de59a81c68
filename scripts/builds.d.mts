/** How to run the built server: `node <args>` with `env` added to the environment. */
export function serverCommand(root: string): { args: string[]; env: Record<string, string> };
/**
 * Builds the portal or the server when its build is missing or (unless `keepStale`) older than
 * its sources; returns whether the build is there.
 */
export function ensureBuilt(
  root: string,
  name: 'portal' | 'server',
  options: { log: (line: string) => void; keepStale?: boolean },
): boolean;
