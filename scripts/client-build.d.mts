/** The state of the build under `root`: missing, older than a source, or current. */
export function clientBuildState(root: string): 'missing' | 'stale' | 'current';
/** Runs `vite build` in `root` with its output shown; returns whether it succeeded. */
export function buildClient(root: string): boolean;
