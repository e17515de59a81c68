import { useT } from '@engine/react';
import { Link } from 'react-router';
import styles from './link-cards.module.css';

export interface LinkCard {
  /** English source strings; translated here. */
  title: string;
  description: string;
  to: string;
}

/** A grid of cards, each a link to one admin or feature page (landing pages). */
export function LinkCards({ cards, label }: { cards: LinkCard[]; label: string }) {
  const { t } = useT();
  return (
    <ul className={styles.grid} aria-label={t(label)}>
      {cards.map((card) => (
        <li key={card.to} className={styles.item}>
          <Link to={card.to} className={styles.card}>
            <span className={styles.title}>{t(card.title)}</span>
            <span className={styles.description}>{t(card.description)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
