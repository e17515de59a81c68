import { useT } from '@engine/react';
import type { TrainingListItem } from '@schemas/entities/training.schema';
import { EAGER_CARDS, TrainingCard, TrainingCardSkeleton } from './training-card';
import styles from './training-grid.module.css';

/** Trainings as a responsive card grid (a list, so its size is announced). */
export function TrainingGrid({
  trainings,
  label,
  headingLevel,
}: {
  trainings: TrainingListItem[];
  /** Accessible name of the list (translated). */
  label: string;
  headingLevel?: 2 | 3;
}) {
  return (
    <ul className={styles.grid} aria-label={label}>
      {trainings.map((training, i) => (
        <li key={training.id} className={styles.item}>
          <TrainingCard
            training={training}
            eager={i < EAGER_CARDS}
            {...(headingLevel ? { headingLevel } : {})}
          />
        </li>
      ))}
    </ul>
  );
}

/** Placeholder cards while trainings load; announced once as "Loading trainings". */
export function TrainingGridSkeleton({ count = 3 }: { count?: number }) {
  const { t } = useT();
  return (
    <div role="status" className={styles.grid}>
      <span className="visually-hidden">{t('Loading trainings')}</span>
      {Array.from({ length: count }, (_, i) => (
        <TrainingCardSkeleton key={i} />
      ))}
    </div>
  );
}
