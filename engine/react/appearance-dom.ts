// The theme's effects on the document that need no React, for the portal (ThemeStyle) and for a
// page sent without the portal's code.
import type { Appearance } from '@schemas/entities/appearance.schema';

/** Loads the appearance's fonts through `FontFace`; returns a function that removes them. */
export function loadFonts(appearance: Appearance): () => void {
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

/** Points the page's icon at `href`; returns a function that puts the previous one back. */
export function setFavicon(href: string): () => void {
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
