import { useAppearance } from '@/lib/queries/appearance';
import { useBranding } from '@/lib/queries/branding';
import styles from './page-background.module.css';

export interface PageBackgroundProps {
  /** A custom colour for this page. */
  color?: string;
  /** A custom image for this page, drawn faintly. */
  image?: string;
  /** Opacity of the image (0.08 by default). */
  imageOpacity?: number;
}

const isColor = (value: string) =>
  /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(value) || /^(rgb|hsl)a?\(/i.test(value);

/**
 * A fixed decorative layer behind the page: the given colour or image, else the site's
 * background from the appearance, else the one from the site settings.
 */
export function PageBackground({ color, image, imageOpacity = 0.08 }: PageBackgroundProps) {
  const { data: appearance } = useAppearance();
  const { data: branding } = useBranding();
  const site = appearance?.site_background;
  const fallback = branding?.site_background ?? '';

  const custom = Boolean(color || image);
  const bgColor = custom ? color : (site?.color ?? (isColor(fallback) ? fallback : undefined));
  const bgImage = custom
    ? image
    : (site?.image ?? (fallback && !isColor(fallback) ? fallback : undefined));
  if (!bgColor && !bgImage) return null;

  return (
    <div
      className={styles.background}
      style={{ backgroundColor: bgColor }}
      aria-hidden="true"
      data-testid="page-background"
    >
      {bgImage && (
        <div
          className={styles.image}
          style={{ backgroundImage: `url(${JSON.stringify(bgImage)})`, opacity: imageOpacity }}
        />
      )}
    </div>
  );
}
