import { useChildPages, type ChildPageLink } from '@engine/react';
import { Link } from 'react-router';
import styles from './link-cards.module.css';

/** A grid of cards, each a link to one page with its (translated) title and description. */
function LinkCards({ cards, label }: { cards: ChildPageLink[]; label: string }) {
  if (cards.length === 0) return null;
  return (
    <ul className={styles.grid} aria-label={label}>
      {cards.map((card) => (
        <li key={card.to} className={styles.item}>
          <Link to={card.to} className={styles.card}>
            <span className={styles.title}>{card.title}</span>
            {card.description ? (
              <span className={styles.description}>{card.description}</span>
            ) : null}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * A landing page's cards: the pages below it as routes.config.json declares them, those the
 * visitor may open. `label` (translated) names the list.
 */
export function ChildPageCards({ label }: { label: string }) {
  return <LinkCards cards={useChildPages()} label={label} />;
}
