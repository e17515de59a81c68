import { useT } from '@engine/react';
import { DateField, TimeField } from '@engine/react/date-field';
import type { Entry, EntryKind } from '@schemas/entities/availability.schema';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useCreateEntry, useDeleteEntry, useUpdateEntry } from '@/lib/queries/availability-entries';
import { ConfirmDialog } from '@/shell/confirm-dialog/confirm-dialog';
import { useNotify } from '@/shell/notifications/notifications-provider';
import { isoToZoned, zonedToIso } from '../lib/zoned';
import styles from './availability.module.css';
import { failureText } from './errors';

/** What the form starts with: wall-clock dates and times in the trainer's time zone. */
export interface EntryDraft {
  kind: EntryKind;
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
  reason: string;
}

/** The form of an existing entry. */
export function draftOfEntry(entry: Entry, timeZone: string): EntryDraft {
  const start = isoToZoned(entry.start, timeZone);
  const end = isoToZoned(entry.end, timeZone);
  return {
    kind: entry.kind,
    startDate: start.date,
    startTime: start.time,
    endDate: end.date,
    endTime: end.time,
    reason: entry.reason,
  };
}

export interface EntryDialogProps {
  uid: number;
  timeZone: string;
  /** The entry being edited, or none to add one. */
  entry: Entry | null;
  draft: EntryDraft;
  onClose: () => void;
}

/**
 * Adds or edits extra hours or time off. The same form serves a range selected on the calendar,
 * the keyboard ("Add time") and a click on an entry; the server's overlap and lock messages show
 * in the form.
 */
export function EntryDialog({ uid, timeZone, entry, draft, onClose }: EntryDialogProps) {
  const { t } = useT();
  const { notify } = useNotify();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const errorId = useId();
  const [values, setValues] = useState<EntryDraft>(draft);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const create = useCreateEntry(uid);
  const update = useUpdateEntry(uid);
  const remove = useDeleteEntry(uid);
  const busy = create.isPending || update.isPending || remove.isPending;

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  const set = (field: keyof EntryDraft) => (value: string) =>
    setValues((v) => ({ ...v, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!values.startDate || !values.startTime || !values.endDate || !values.endTime) {
      setError(t('Fill in when it starts and ends.'));
      return;
    }
    const start = zonedToIso(values.startDate, values.startTime, timeZone);
    const end = zonedToIso(values.endDate, values.endTime, timeZone);
    if (end <= start) {
      setError(t('The end must be after the start.'));
      return;
    }
    const body = { kind: values.kind, start, end, reason: values.reason.trim() };
    try {
      if (entry) await update.mutateAsync({ id: entry.id, patch: body });
      else await create.mutateAsync(body);
      notify(
        'success',
        values.kind === 'time_off'
          ? t('Your time off has been saved.')
          : t('The extra hours have been saved.'),
      );
      onClose();
    } catch (e) {
      setError(failureText(e, t));
    }
  };

  const confirmDelete = async () => {
    setConfirming(false);
    if (!entry) return;
    try {
      await remove.mutateAsync(entry.id);
      notify('success', t('The entry has been deleted.'));
      onClose();
    } catch (e) {
      setError(failureText(e, t));
    }
  };

  const title = entry
    ? entry.kind === 'time_off'
      ? t('Edit time off')
      : t('Edit extra hours')
    : t('Add time');

  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (!confirming) onClose();
      }}
    >
      <form className={styles.dialogBody} onSubmit={(event) => void submit(event)} noValidate>
        <h2 id={titleId} className={styles.dialogTitle}>
          {title}
        </h2>
        <p className={styles.hint}>{t('Times are in the time zone @zone.', { zone: timeZone })}</p>
        <fieldset className={styles.fieldset}>
          <legend>{t('Kind')}</legend>
          <div className={styles.choices}>
            <label className={styles.choice}>
              <input
                type="radio"
                name="kind"
                value="extra"
                checked={values.kind === 'extra'}
                onChange={() => set('kind')('extra')}
              />
              {t('Extra hours')}
            </label>
            <label className={styles.choice}>
              <input
                type="radio"
                name="kind"
                value="time_off"
                checked={values.kind === 'time_off'}
                onChange={() => set('kind')('time_off')}
              />
              {t('Time off')}
            </label>
          </div>
        </fieldset>
        <div className={styles.fieldRow}>
          <WhenField
            label={t('Start date')}
            type="date"
            value={values.startDate}
            onChange={set('startDate')}
          />
          <WhenField
            label={t('Start time')}
            type="time"
            value={values.startTime}
            onChange={set('startTime')}
          />
        </div>
        <div className={styles.fieldRow}>
          <WhenField
            label={t('End date')}
            type="date"
            value={values.endDate}
            onChange={set('endDate')}
          />
          <WhenField
            label={t('End time')}
            type="time"
            value={values.endTime}
            onChange={set('endTime')}
          />
        </div>
        <div className={styles.field}>
          <label htmlFor={`${titleId}-reason`}>
            {values.kind === 'time_off' ? t('Reason') : t('Note')}
          </label>
          <textarea
            id={`${titleId}-reason`}
            maxLength={200}
            value={values.reason}
            onChange={(event) => set('reason')(event.target.value)}
          />
        </div>
        {error ? (
          <p id={errorId} className={styles.error} role="alert">
            {error}
          </p>
        ) : null}
        <div className={`${styles.actions} ${styles.spread}`}>
          {entry ? (
            <button
              type="button"
              className={styles.smallDanger}
              disabled={busy}
              onClick={() => setConfirming(true)}
            >
              {t('Delete')}
            </button>
          ) : (
            <span />
          )}
          <div className={styles.actions}>
            <button type="button" className={styles.secondary} onClick={onClose}>
              {t('Cancel')}
            </button>
            <button type="submit" className={styles.primary} disabled={busy}>
              {t('Save')}
            </button>
          </div>
        </div>
      </form>
      <ConfirmDialog
        open={confirming}
        title={t('Delete this entry?')}
        confirmLabel={t('Delete')}
        danger
        onConfirm={() => void confirmDelete()}
        onCancel={() => setConfirming(false)}
      >
        <p>{t('It is removed from your availability at once.')}</p>
      </ConfirmDialog>
    </dialog>
  );
}

/** A date or a time of the entry, typed in the site's formats; unreadable text counts as none. */
function WhenField(p: {
  label: string;
  type: 'date' | 'time';
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const Field = p.type === 'date' ? DateField : TimeField;
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{p.label}</label>
      <Field id={id} value={p.value} required onChange={(value) => p.onChange(value ?? '')} />
    </div>
  );
}

/** Starting values of a new entry for a range picked on the calendar (or a default hour). */
export function draftOfRange(
  start: Date,
  end: Date,
  timeZone: string,
  kind: EntryKind = 'extra',
): EntryDraft {
  const s = isoToZoned(start, timeZone);
  const e = isoToZoned(end, timeZone);
  return {
    kind,
    startDate: s.date,
    startTime: s.time,
    endDate: e.date,
    endTime: e.time,
    reason: '',
  };
}
