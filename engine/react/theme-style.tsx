import { useEffect, useRef } from 'react';
import type { Appearance } from '@schemas/entities/appearance.schema';
import { loadFonts, setFavicon } from './appearance-dom';

/**
 * A page whose stylesheet already holds its appearance's variables (the server writes such a rule
 * into the pages it renders) marks the rule with this selector.
 */
const PAGE_THEME = 'style[data-theme]';

/** Sets CSS variables on `:root`; returns a function that removes them. */
function applyCssVars(vars: Record<string, string>): () => void {
  const style = document.documentElement.style;
  for (const [name, value] of Object.entries(vars)) style.setProperty(name, value);
  return () => {
    for (const name of Object.keys(vars)) style.removeProperty(name);
  };
}

/**
 * Applies an appearance to the page: CSS variables on `:root` (see `appearanceToCssVars`),
 * its fonts through `FontFace`, and the favicon. Renders nothing. The first appearance is left
 * to the page's own `<style data-theme>` rule when it has one (written from the same data); a
 * later one is applied over it. The colour maths loads only when there is something to apply.
 *
 * @example
 * <ThemeStyle appearance={appearanceQuery.data} />
 */
export function ThemeStyle(p: { appearance?: Appearance }): null {
  const { appearance } = p;
  const styledByPage = useRef<Appearance | null | undefined>(undefined);
  useEffect(() => {
    if (!appearance) return;
    if (styledByPage.current === undefined)
      styledByPage.current = document.querySelector(PAGE_THEME) ? appearance : null;
    if (appearance === styledByPage.current) return;
    let live = true;
    let remove: (() => void) | undefined;
    void import('../core/theme').then(({ appearanceToCssVars }) => {
      if (live) remove = applyCssVars(appearanceToCssVars(appearance));
    });
    return () => {
      live = false;
      remove?.();
    };
  }, [appearance]);
  useEffect(() => (appearance?.fonts ? loadFonts(appearance) : undefined), [appearance]);
  const favicon = appearance?.favicon;
  useEffect(() => (favicon ? setFavicon(favicon) : undefined), [favicon]);
  return null;
}
