import { useEffect } from 'react';
import type { Appearance } from '@schemas/entities/appearance.schema';
import { appearanceToCssVars } from '../core';
import { loadFonts, setFavicon } from './appearance-dom';

/** Sets the appearance's CSS variables on `:root`; returns a function that removes them. */
function applyCssVars(appearance: Appearance): () => void {
  const vars = appearanceToCssVars(appearance);
  const style = document.documentElement.style;
  for (const [name, value] of Object.entries(vars)) style.setProperty(name, value);
  return () => {
    for (const name of Object.keys(vars)) style.removeProperty(name);
  };
}

/**
 * Applies an appearance to the page: CSS variables on `:root` (see `appearanceToCssVars`),
 * its fonts through `FontFace`, and the favicon. Renders nothing.
 *
 * @example
 * <ThemeStyle appearance={appearanceQuery.data} />
 */
export function ThemeStyle(p: { appearance?: Appearance }): null {
  const { appearance } = p;
  useEffect(() => (appearance ? applyCssVars(appearance) : undefined), [appearance]);
  useEffect(() => (appearance?.fonts ? loadFonts(appearance) : undefined), [appearance]);
  const favicon = appearance?.favicon;
  useEffect(() => (favicon ? setFavicon(favicon) : undefined), [favicon]);
  return null;
}
