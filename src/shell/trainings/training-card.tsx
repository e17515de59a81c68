import { useT } from '@engine/react';
import type { TrainingListItem } from '@schemas/entities/training.schema';
import { Link } from 'react-router';
import { Icon } from '@/shell/icons/icons';
import { formatMinutes } from './format';
import { ProgressBar } from './progress-bar';
import styles from './training-card.module.css';

/** How many cards of a list load their pictures at once: a row on a wide screen. */
export const EAGER_CARDS = 4;

export interface TrainingCardProps {
  training: TrainingListItem;
  /** Heading level of the title inside the page outline. */
  headingLevel?: 2 | 3;
  /** Load the picture at once: for the first cards, which may be on screen as the page opens. */
  eager?: boolean;
}

/** One training in a grid: picture, title (the link), summary, facts and the user's progress. */
export function TrainingCard({ training, headingLevel = 3, eager = false }: TrainingCardProps) {
  const { t, plural } = useT();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const { subscription } = training;
  return (
    <article className={styles.card}>
      <div className={styles.media}>
        {training.image.url ? (
          <img
            src={training.image.url}
            alt=""
            loading={eager ? 'eager' : 'lazy'}
            className={styles.image}
          />
        ) : (
          <Icon name="school" size={40} className={styles.placeholder} />
        )}
        {subscription?.status === 'completed' ? (
          <span className={`${styles.badge} ${styles.done}`}>
            <Icon name="check" size={14} />
            {t('Completed')}
          </span>
        ) : null}
      </div>
      <div className={styles.body}>
        <Heading className={styles.title} lang={training.language} dir="auto">
          <Link to={`/trainings/${training.id}`} className={styles.link}>
            {training.title}
          </Link>
        </Heading>
        {training.summary ? (
          <p className={styles.summary} lang={training.language} dir="auto">
            {training.summary}
          </p>
        ) : null}
        <ul className={styles.facts} aria-label={t('Details')}>
          <li>
            <Icon name="video" size={16} />
            {plural(training.video_count, '@count video', '@count videos')}
          </li>
          {training.duration_minutes > 0 ? (
            <li>{formatMinutes(t, training.duration_minutes)}</li>
          ) : null}
          <li className={training.free ? styles.free : styles.paid}>
            {training.free ? t('Free') : t('Paid')}
          </li>
        </ul>
        {subscription?.status === 'in_progress' ? (
          <ProgressBar
            value={subscription.progress}
            label={t('Progress of @title', { title: training.title })}
          />
        ) : null}
      </div>
    </article>
  );
}

/** The card's shape while its data loads. */
export function TrainingCardSkeleton() {
  return (
    <div className={`${styles.card} ${styles.skeleton}`} aria-hidden="true">
      <div className={styles.media} />
      <div className={styles.body}>
        <span className={styles.line} />
        <span className={`${styles.line} ${styles.short}`} />
        <span className={`${styles.line} ${styles.shorter}`} />
      </div>
    </div>
  );
}
