import type { CallToActionContent } from '@schemas/storefront/call-to-action.section';
import { ButtonLink } from '../button-link';
import { SectionFrame } from '../section-frame';
import styles from '../sections.module.css';
import type { SectionProps } from '../types';

/** Call to action: a heading, a short text and one button. */
export default function CallToActionSection({ section }: SectionProps) {
  const content = section.data.content as Partial<CallToActionContent>;
  return (
    <SectionFrame section={section}>
      <div className={styles.callToAction}>
        {content.heading ? (
          <h2 className={styles.ctaHeading} dir="auto">
            {content.heading}
          </h2>
        ) : null}
        {content.text ? (
          <p className={styles.ctaText} dir="auto">
            {content.text}
          </p>
        ) : null}
        <ButtonLink button={content.button} />
      </div>
    </SectionFrame>
  );
}
