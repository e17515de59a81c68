import type { HeroContent } from '@schemas/storefront/hero.section';
import { ButtonLink } from '../button-link';
import { SectionFrame } from '../section-frame';
import styles from '../sections.module.css';
import type { SectionProps } from '../types';

/** Hero banner: a large image behind a heading (h2), a text and a button. */
export default function HeroSection({ section, index }: SectionProps) {
  const content = section.data.content as Partial<HeroContent>;
  const height = section.data.settings.height;
  const overlay = section.data.appearance.overlay !== false;
  const image = content.image?.url ? content.image : null;
  const first = index === 0;
  const heightClass =
    height === 'small' ? styles.heroSmall : height === 'large' ? styles.heroLarge : '';
  return (
    <SectionFrame section={section} className={styles.heroSection}>
      <div className={`${styles.hero} ${heightClass} ${image && overlay ? styles.overlay : ''}`}>
        {image ? (
          <img
            className={styles.heroImage}
            src={image.url}
            alt={image.alt}
            width={1600}
            height={600}
            sizes="100vw"
            loading={first ? 'eager' : 'lazy'}
            fetchPriority={first ? 'high' : 'auto'}
            decoding="async"
          />
        ) : null}
        <div className={`${styles.heroBody} ${image ? styles.onImage : ''}`}>
          {content.heading ? (
            <h2 className={styles.heroHeading} dir="auto">
              {content.heading}
            </h2>
          ) : null}
          {content.text ? (
            <p className={styles.heroText} dir="auto">
              {content.text}
            </p>
          ) : null}
          <ButtonLink button={content.button} />
        </div>
      </div>
    </SectionFrame>
  );
}
