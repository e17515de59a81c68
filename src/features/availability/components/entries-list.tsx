import { useT } from '@engine/react';
import type { Entry } from '@schemas/entities/availability.schema';
import { useId, useState, type CSSProperties } from 'react';
import { useDeleteEntry } from '@/lib/queries/availability-entries';
import { ConfirmDialog } from '@/shell/confirm-dialog/confirm-dialog';
import { useNotify } from '@/shell/notifications/notifications-provider';
import { sourceColors } from '../lib/events';
import type { ZonedFormat } from '../lib/format';
import styles from './availability.module.css';
import { failureText } from './errors';

export interface EntriesListProps {
  uid: number;
  entries: Entry[];
  editable: boolean;
  format: ZonedFormat;
  onEdit: (entry: Entry) => void;
}

/**
 * Extra hours and time off in the shown period, with Edit and Delete: everything a drag on the
 * calendar does, reachable by keyboard.
 */
export function EntriesList({ uid, entries, editable, format, onEdit }: EntriesListProps) {
  const { t } = useT();
  const { notify } = useNotify();
  const headingId = useId();
  const remove = useDeleteEntry(uid);
  const [pending, setPending] = useState<Entry | null>(null);
  const [error, setError] = useState<string | null>(null);
  const sorted = [...entries].sort((a, b) => a.start.localeCompare(b.start));

  const confirmDelete = async () => {
    const entry = pending;
    setPending(null);
    if (!entry) return;
    setError(null);
    try {
      await remove.mutateAsync(entry.id);
      notify('success', t('The entry has been deleted.'));
    } catch (e) {
      setError(failureText(e, t));
    }
  };

  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <div className={styles.cardHeader}>
        <h2 id={headingId} className={styles.cardTitle}>
          {t('Extra hours and time off')}
        </h2>
        <p className={styles.hint}>{t('In the period shown on the calendar.')}</p>
      </div>
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
      {sorted.length === 0 ? (
        <p className={styles.empty}>{t('No extra hours or time off in this period.')}</p>
      ) : (
        <ul className={styles.list} aria-labelledby={headingId}>
          {sorted.map((entry) => {
            const kind = entry.kind === 'time_off' ? t('Time off') : t('Extra hours');
            const when = format.range(entry.start, entry.end);
            return (
              <li
                key={entry.id}
                className={styles.item}
                style={
                  {
                    '--item-color':
                      entry.kind === 'time_off' ? sourceColors.time_off : sourceColors.extra,
                  } as CSSProperties
                }
              >
                <span className={styles.itemText}>
                  <span className={styles.itemTitle}>
                    <span className={styles.badge}>{kind}</span>
                    {when}
                  </span>
                  {entry.reason ? <span className={styles.itemMeta}>{entry.reason}</span> : null}
                </span>
                {editable ? (
                  <span className={styles.rowActions}>
                    <button
                      type="button"
                      className={styles.small}
                      aria-label={t('Edit @kind on @date', { kind, date: when })}
                      onClick={() => onEdit(entry)}
                    >
                      {t('Edit')}
                    </button>
                    <button
                      type="button"
                      className={styles.smallDanger}
                      aria-label={t('Delete @kind on @date', { kind, date: when })}
                      onClick={() => setPending(entry)}
                    >
                      {t('Delete')}
                    </button>
                  </span>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      <ConfirmDialog
        open={pending !== null}
        title={t('Delete this entry?')}
        confirmLabel={t('Delete')}
        danger
        onConfirm={() => void confirmDelete()}
        onCancel={() => setPending(null)}
      >
        <p>{t('It is removed from your availability at once.')}</p>
      </ConfirmDialog>
    </section>
  );
}
