/** A script or style list, site-absolute (`/assets/…`). */
export interface Assets {
  js: string[];
  css: string[];
}

/** What `.vite/route-assets.json` holds: see {@link routeAssets}. */
export interface RouteAssets {
  routes: ({ path: string; signedIn: boolean } & Assets)[];
  signedInFrame: Assets;
  /** The cookie banner's code and styles. */
  untilAgreed: Assets;
  /** A page sent as a finished document: its script, its imports and their styles. */
  document: Assets;
}

export const DOCUMENT_ENTRY: string;
export const FRAME_PARTS: { signedIn: string[]; untilAgreed: string[]; document: string[] };
export function readPageSources(projectRoot: string): Map<string, string>;
export function routePages(
  projectRoot: string,
): { path: string; page: string; layout: string; signedIn: boolean }[];
export function manifestClosure(
  manifest: Record<string, { file: string; css?: string[]; imports?: string[] }>,
  keys: string[],
): { js: Set<string>; css: Set<string> };
export function routeAssets(
  manifest: Record<string, { file: string; css?: string[]; imports?: string[] }>,
  projectRoot: string,
  documentManifest: Record<string, { file: string; css?: string[]; imports?: string[] }>,
): RouteAssets;
