import { useT } from '@engine/react';
import type { TrainingsContent } from '@schemas/storefront/trainings.section';
import { Link } from 'react-router';
import { EAGER_CARDS, TrainingCard } from '@/shell/trainings/training-card';
import { TrainingGrid } from '@/shell/trainings/training-grid';
import { Carousel, Slide } from '../carousel/carousel';
import { lookOf, SectionFrame } from '../section-frame';
import styles from '../sections.module.css';
import type { SectionProps } from '../types';

/** Trainings: a card grid or a scrollable row, with "Show all" when there are more. */
export default function TrainingsSection({ section }: SectionProps) {
  const { t } = useT();
  const content = section.data.content as Partial<TrainingsContent>;
  const trainings = section.trainings ?? [];
  if (trainings.length === 0) return null;
  const look = lookOf(section);
  const label = look.title || t('Trainings');
  const total = section.trainings_meta?.total ?? trainings.length;
  const more = section.data.settings.show_more_link !== false && total > trainings.length;
  return (
    <SectionFrame section={section}>
      {content.display === 'carousel' ? (
        <Carousel label={label}>
          {trainings.map((training, i) => (
            <Slide key={training.id}>
              <TrainingCard training={training} eager={i < EAGER_CARDS} />
            </Slide>
          ))}
        </Carousel>
      ) : (
        <TrainingGrid trainings={trainings} label={label} />
      )}
      {more ? (
        <p className={styles.more}>
          <Link className={styles.moreLink} to={`/storefront/${section.id}`}>
            {t('Show all')}
            <span className="visually-hidden">{`: ${label}`}</span>
          </Link>
        </p>
      ) : null}
    </SectionFrame>
  );
}
