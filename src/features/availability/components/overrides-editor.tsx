import { useT } from '@engine/react';
import { DateField, TimeField } from '@engine/react/date-field';
import type { Override } from '@schemas/entities/availability.schema';
import { useId, useState, type CSSProperties, type FormEvent, type Ref } from 'react';
import { useDeleteOverride, useSaveOverride } from '@/lib/queries/availability-overrides';
import { ConfirmDialog } from '@/shell/confirm-dialog/confirm-dialog';
import { Icon } from '@/shell/icons/icons';
import { useNotify } from '@/shell/notifications/notifications-provider';
import { sourceColors } from '../lib/events';
import type { ZonedFormat } from '../lib/format';
import { invalidHours, type DraftHours } from '../lib/weekly';
import styles from './availability.module.css';
import { failureText } from './errors';

const MAX_INTERVALS = 6;

/** What the override form holds. */
export interface OverrideDraft {
  date: string;
  allDay: boolean;
  intervals: DraftHours[];
  reason: string;
}

export const emptyOverride = (date = ''): OverrideDraft => ({
  date,
  allDay: true,
  intervals: [{ start: '09:00', end: '17:00' }],
  reason: '',
});

export function draftOfOverride(o: Override): OverrideDraft {
  return {
    date: o.date,
    allDay: o.intervals.length === 0,
    intervals:
      o.intervals.length === 0
        ? [{ start: '09:00', end: '17:00' }]
        : o.intervals.map((h) => ({ start: h.start, end: h.end === '24:00' ? '00:00' : h.end })),
    reason: o.reason,
  };
}

export interface OverridesEditorProps {
  uid: number;
  overrides: Override[];
  editable: boolean;
  format: ZonedFormat;
  /** The form's values; the page sets them when an override is clicked on the calendar. */
  draft: OverrideDraft;
  onDraftChange: (draft: OverrideDraft) => void;
  headingRef?: Ref<HTMLHeadingElement>;
}

/**
 * Other hours on one date, or a day off, instead of the weekly hours; with the overrides of
 * the shown period, each removable.
 */
export function OverridesEditor(p: OverridesEditorProps) {
  const { t } = useT();
  const { notify } = useNotify();
  const headingId = useId();
  const save = useSaveOverride(p.uid);
  const remove = useDeleteOverride(p.uid);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<Override | null>(null);
  const { draft } = p;
  const set = (patch: Partial<OverrideDraft>) => p.onDraftChange({ ...draft, ...patch });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!draft.date) {
      setError(t('Choose a date.'));
      return;
    }
    if (!draft.allDay && draft.intervals.some(invalidHours)) {
      setError(t('The end must be after the start.'));
      return;
    }
    try {
      await save.mutateAsync({
        date: draft.date,
        input: {
          intervals: draft.allDay
            ? []
            : draft.intervals.map((h) => ({
                start: h.start,
                end: h.end === '00:00' ? '24:00' : h.end,
              })),
          reason: draft.reason.trim(),
        },
      });
      notify('success', t('The date override has been saved.'));
      p.onDraftChange(emptyOverride());
    } catch (e) {
      setError(failureText(e, t));
    }
  };

  const confirmRemove = async () => {
    const override = pending;
    setPending(null);
    if (!override) return;
    try {
      await remove.mutateAsync(override.date);
      notify('success', t('The date override has been removed.'));
    } catch (e) {
      setError(failureText(e, t));
    }
  };

  const sorted = [...p.overrides].sort((a, b) => a.date.localeCompare(b.date));
  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <div className={styles.cardHeader}>
        <h2 id={headingId} ref={p.headingRef} tabIndex={-1} className={styles.cardTitle}>
          {t('Date overrides')}
        </h2>
        <p className={styles.hint}>{t('Other hours on one date, or a day off.')}</p>
      </div>

      {sorted.length === 0 ? (
        <p className={styles.empty}>{t('No date overrides in this period.')}</p>
      ) : (
        <ul className={styles.list} aria-label={t('Date overrides in this period')}>
          {sorted.map((o) => {
            const date = p.format.date(o.date);
            return (
              <li
                key={o.date}
                className={styles.item}
                style={{ '--item-color': sourceColors.override } as CSSProperties}
              >
                <span className={styles.itemText}>
                  <span className={styles.itemTitle}>{date}</span>
                  <span className={styles.itemMeta}>
                    {o.intervals.length === 0
                      ? t('Unavailable all day')
                      : o.intervals.map((h) => `${h.start}–${h.end}`).join(', ')}
                    {o.reason ? ` · ${o.reason}` : ''}
                  </span>
                </span>
                {p.editable ? (
                  <span className={styles.rowActions}>
                    <button
                      type="button"
                      className={styles.small}
                      aria-label={t('Edit the override on @date', { date })}
                      onClick={() => p.onDraftChange(draftOfOverride(o))}
                    >
                      {t('Edit')}
                    </button>
                    <button
                      type="button"
                      className={styles.smallDanger}
                      aria-label={t('Remove the override on @date', { date })}
                      onClick={() => setPending(o)}
                    >
                      {t('Remove')}
                    </button>
                  </span>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}

      {p.editable ? (
        <form
          className={styles.form}
          onSubmit={(event) => void submit(event)}
          noValidate
          aria-label={t('Add or change a date override')}
        >
          <div className={styles.field}>
            <label htmlFor={`${headingId}-date`}>{t('Date')}</label>
            <DateField
              id={`${headingId}-date`}
              value={draft.date}
              onChange={(value) => set({ date: value ?? '' })}
            />
          </div>
          <fieldset className={styles.fieldset}>
            <legend>{t('On this date')}</legend>
            <div className={styles.choices}>
              <label className={styles.choice}>
                <input
                  type="radio"
                  name={`${headingId}-mode`}
                  checked={draft.allDay}
                  onChange={() => set({ allDay: true })}
                />
                {t('Unavailable all day')}
              </label>
              <label className={styles.choice}>
                <input
                  type="radio"
                  name={`${headingId}-mode`}
                  checked={!draft.allDay}
                  onChange={() => set({ allDay: false })}
                />
                {t('Specific hours')}
              </label>
            </div>
          </fieldset>
          {draft.allDay ? null : (
            <div className={styles.intervals}>
              {draft.intervals.map((h, i) => (
                <div key={i} className={styles.interval}>
                  <TimeField
                    inputClassName={styles.timeInput}
                    aria-label={t('From')}
                    value={h.start}
                    onChange={(value) =>
                      set({
                        intervals: draft.intervals.map((x, j) =>
                          j === i ? { ...x, start: value ?? '' } : x,
                        ),
                      })
                    }
                  />
                  <span className={styles.dash} aria-hidden="true">
                    –
                  </span>
                  <TimeField
                    inputClassName={styles.timeInput}
                    aria-label={t('Until')}
                    value={h.end}
                    onChange={(value) =>
                      set({
                        intervals: draft.intervals.map((x, j) =>
                          j === i ? { ...x, end: value ?? '' } : x,
                        ),
                      })
                    }
                  />
                  {draft.intervals.length > 1 ? (
                    <button
                      type="button"
                      className={styles.iconButton}
                      aria-label={t('Remove these hours')}
                      onClick={() => set({ intervals: draft.intervals.filter((_, j) => j !== i) })}
                    >
                      <Icon name="trash" size={18} />
                    </button>
                  ) : null}
                </div>
              ))}
              {draft.intervals.length < MAX_INTERVALS ? (
                <button
                  type="button"
                  className={styles.linkButton}
                  onClick={() =>
                    set({ intervals: [...draft.intervals, { start: '13:00', end: '17:00' }] })
                  }
                >
                  {t('Add hours')}
                </button>
              ) : null}
            </div>
          )}
          <div className={styles.field}>
            <label htmlFor={`${headingId}-note`}>{t('Note')}</label>
            <input
              id={`${headingId}-note`}
              type="text"
              maxLength={200}
              value={draft.reason}
              onChange={(event) => set({ reason: event.target.value })}
            />
          </div>
          {error ? (
            <p className={styles.error} role="alert">
              {error}
            </p>
          ) : null}
          <div className={styles.actions}>
            <button type="submit" className={styles.primary} disabled={save.isPending}>
              {t('Save override')}
            </button>
          </div>
        </form>
      ) : null}

      <ConfirmDialog
        open={pending !== null}
        title={t('Remove this date override?')}
        confirmLabel={t('Remove')}
        danger
        onConfirm={() => void confirmRemove()}
        onCancel={() => setPending(null)}
      >
        <p>{t('The date follows the weekly hours again.')}</p>
      </ConfirmDialog>
    </section>
  );
}
