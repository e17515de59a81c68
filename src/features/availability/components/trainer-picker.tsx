import { useT } from '@engine/react';
import { useAvailabilityTrainers } from '@/lib/queries/availability-trainers';
import styles from './availability.module.css';

/** A trainer chosen in the picker: enough to show and remove them. */
export interface ChosenTrainer {
  uid: number;
  name: string;
}

/**
 * Choose trainers to show: the trainers matching the search (and organization), a page at a
 * time with "Show more", as checkboxes; the chosen ones stay listed, each removable, whatever
 * the search shows. Keyboard use is the browser's own (checkboxes and buttons).
 */
export function TrainerPicker({
  organization,
  search,
  chosen,
  onChange,
}: {
  organization?: number | undefined;
  search: string;
  chosen: readonly ChosenTrainer[];
  onChange: (chosen: ChosenTrainer[]) => void;
}) {
  const { t } = useT();
  const list = useAvailabilityTrainers({
    ...(organization ? { organization } : {}),
    ...(search ? { search } : {}),
  });
  const trainers = list.data?.pages.flatMap((page) => page.data) ?? [];
  const total = list.data?.pages[0]?.meta.total ?? 0;
  const isChosen = (uid: number) => chosen.some((c) => c.uid === uid);
  const toggle = (trainer: ChosenTrainer, on: boolean) =>
    onChange(on ? [...chosen, trainer] : chosen.filter((c) => c.uid !== trainer.uid));

  return (
    <fieldset className={styles.fieldset}>
      <legend>{t('Show only these trainers')}</legend>
      {chosen.length > 0 ? (
        <ul className={styles.chosen} aria-label={t('Chosen trainers')}>
          {chosen.map((c) => (
            <li key={c.uid}>
              <button
                type="button"
                className={styles.chip}
                aria-label={t('Remove @name from the chosen trainers', { name: c.name })}
                onClick={() => toggle(c, false)}
              >
                <span>{c.name}</span>
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {trainers.length > 0 ? (
        <>
          <p className={styles.hint} aria-live="polite">
            {t('Showing @shown of @total trainers.', { shown: trainers.length, total })}
          </p>
          <ul className={styles.trainerChecks}>
            {trainers.map((trainer) => (
              <li key={trainer.uid}>
                <label className={styles.choice}>
                  <input
                    type="checkbox"
                    checked={isChosen(trainer.uid)}
                    onChange={(event) =>
                      toggle({ uid: trainer.uid, name: trainer.display_name }, event.target.checked)
                    }
                  />
                  {trainer.display_name}
                </label>
              </li>
            ))}
          </ul>
          {list.hasNextPage ? (
            <button
              type="button"
              className={styles.small}
              disabled={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              {list.isFetchingNextPage ? t('Loading') : t('Show more trainers')}
            </button>
          ) : null}
        </>
      ) : (
        <p className={styles.hint}>
          {list.isPending ? t('Loading') : t('No trainers match these filters.')}
        </p>
      )}
      {chosen.length > 0 ? (
        <button type="button" className={styles.linkButton} onClick={() => onChange([])}>
          {t('Show all trainers')}
        </button>
      ) : null}
    </fieldset>
  );
}
