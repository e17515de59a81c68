import { useT } from '@engine/react';
import type { CSSProperties } from 'react';
import styles from './availability.module.css';

export interface LegendItem {
  /** Translated. */
  label: string;
  color: string;
  hatched?: boolean;
}

/** What the calendar's colours mean; every event also says it in its title. */
export function Legend({ items }: { items: LegendItem[] }) {
  const { t } = useT();
  return (
    <ul className={styles.legend} aria-label={t('Legend')}>
      {items.map((item) => (
        <li key={item.label}>
          <span
            className={item.hatched ? styles.swatchHatched : styles.swatch}
            style={{ '--swatch': item.color } as CSSProperties}
            aria-hidden="true"
          />
          {item.label}
        </li>
      ))}
    </ul>
  );
}
