import { useEffect } from 'react';
import type { Appearance } from '@schemas/entities/appearance.schema';
import { appearanceToCssVars } from '../core';

function applyVars(vars: Record<string, string>): () => void {
  const style = document.documentElement.style;
  for (const [name, value] of Object.entries(vars)) style.setProperty(name, value);
  return () => {
    for (const name of Object.keys(vars)) style.removeProperty(name);
  };
}

function loadFonts(appearance: Appearance): () => void {
  if (typeof FontFace === 'undefined' || !('fonts' in document)) return () => undefined;
  const faces: FontFace[] = [];
  for (const font of Object.values(appearance.fonts ?? {})) {
    for (const file of font.files) {
      const face = new FontFace(
        font.name,
        `url(${JSON.stringify(file.url)}) format(${JSON.stringify(file.format)})`,
        {
          style: file.style,
          weight: file.weight,
          display: 'swap',
        },
      );
      faces.push(face);
      face
        .load()
        .then(() => document.fonts.add(face))
        // A font that fails to load leaves the fallback family in place.
        .catch(() => undefined);
    }
  }
  return () => {
    for (const face of faces) document.fonts.delete(face);
  };
}

function setFavicon(href: string): () => void {
  let link = document.head.querySelector<HTMLLinkElement>('link[rel~="icon"]');
  const created = !link;
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.append(link);
  }
  const previous = link.getAttribute('href');
  link.href = href;
  const element = link;
  return () => {
    if (created) element.remove();
    else if (previous !== null) element.setAttribute('href', previous);
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
  useEffect(
    () => (appearance ? applyVars(appearanceToCssVars(appearance)) : undefined),
    [appearance],
  );
  useEffect(() => (appearance?.fonts ? loadFonts(appearance) : undefined), [appearance]);
  const favicon = appearance?.favicon;
  useEffect(() => (favicon ? setFavicon(favicon) : undefined), [favicon]);
  return null;
}
