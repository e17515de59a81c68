import { useT } from '@engine/react';
import { useId, type ReactNode } from 'react';
import styles from './overview.module.css';

/**
 * A table behind "Show as table", for the numbers a chart or a list shows: it scrolls on its
 * own when long, as a tab stop named by the table's caption (read out, not shown).
 *
 * @example
 * <TableDisclosure caption={t('Points per week')}>
 *   <thead>…</thead>
 *   <tbody>…</tbody>
 * </TableDisclosure>
 */
export function TableDisclosure({ caption, children }: { caption: string; children: ReactNode }) {
  const { t } = useT();
  const captionId = useId();
  return (
    <details className={styles.tableDisclosure}>
      <summary>{t('Show as table')}</summary>
      <div className={styles.tableScroll} tabIndex={0} role="region" aria-labelledby={captionId}>
        <table className={styles.table}>
          <caption id={captionId} className="visually-hidden">
            {caption}
          </caption>
          {children}
        </table>
      </div>
    </details>
  );
}
