import { useId } from 'react';
import { Link } from 'react-router';
import styles from './overview.module.css';

/** One row of a {@link RankedList}. */
export interface RankedItem {
  key: string;
  label: string;
  /** The value as read out, with its unit ("12 redemptions", "75%"). */
  text: string;
  /** The bar's length as a share (0 to 1) of the row; the text says the number. */
  share: number;
  /** Makes the label a link to this address. */
  to?: string;
  /** The label's language, where it is content in a language of its own. */
  lang?: string;
}

/**
 * The value a bar's full length stands for: the largest of `values`, and at least 1, so that
 * bars of zeros stay empty.
 *
 * @example
 * const most = barScale(rewards.map((r) => r.redemptions));
 * const share = reward.redemptions / most;
 */
export function barScale(values: readonly number[]): number {
  return Math.max(1, ...values);
}

/**
 * An ordered list, each row with its label, its value and a bar; named by a heading's id.
 *
 * @example
 * <RankedList
 *   labelledBy={headingId}
 *   items={topics.map((topic) => ({
 *     key: String(topic.tid),
 *     label: topic.name,
 *     text: percent(topic.rate),
 *     share: topic.rate,
 *   }))}
 * />
 */
export function RankedList({ labelledBy, items }: { labelledBy: string; items: RankedItem[] }) {
  return (
    <ol className={styles.ranked} aria-labelledby={labelledBy}>
      {items.map((item) => (
        <li key={item.key} className={styles.rankedItem}>
          {item.to ? (
            <Link
              className={styles.rankedLabel}
              to={item.to}
              lang={item.lang}
              dir={item.lang ? 'auto' : undefined}
            >
              {item.label}
            </Link>
          ) : (
            <span className={styles.rankedLabel} lang={item.lang}>
              {item.label}
            </span>
          )}
          <span className={styles.rankedValue}>{item.text}</span>
          <span className={styles.bar} aria-hidden="true">
            <span className={styles.barFill} style={{ inlineSize: `${item.share * 100}%` }} />
          </span>
        </li>
      ))}
    </ol>
  );
}

/**
 * A panel with a heading and a {@link RankedList}, or a line saying why it is empty.
 *
 * @example
 * <RankedPanel
 *   title={t('Top rewards by redemptions')}
 *   empty={t('No rewards were redeemed in this period.')}
 *   items={items}
 * />
 */
export function RankedPanel({
  title,
  empty,
  items,
}: {
  title: string;
  empty: string;
  items: RankedItem[];
}) {
  const headingId = useId();
  return (
    <div className={styles.panel}>
      <h3 id={headingId} className={styles.panelHeading}>
        {title}
      </h3>
      {items.length === 0 ? (
        <p className={styles.muted}>{empty}</p>
      ) : (
        <RankedList labelledBy={headingId} items={items} />
      )}
    </div>
  );
}
