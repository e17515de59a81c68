import { ApiRequestError } from '@engine/core';
import { useT } from '@engine/react';
import { TimeField } from '@engine/react/date-field';
import type { WeeklyHours } from '@schemas/entities/availability.schema';
import { useId, useMemo, useState, type FormEvent, type Ref } from 'react';
import { useSaveWeeklyHours } from '@/lib/queries/availability-weekly';
import { Icon } from '@/shell/icons/icons';
import { useNotify } from '@/shell/notifications/notifications-provider';
import {
  DEFAULT_HOURS,
  dayOrder,
  draftFromWeekly,
  fieldKey,
  invalidHours,
  weeklyBody,
  weeklyFieldErrors,
  type WeekDraft,
} from '../lib/weekly';
import styles from './availability.module.css';
import { failureText } from './errors';

const MAX_PER_DAY = 6;

export interface WeeklyHoursEditorProps {
  uid: number;
  weekly: WeeklyHours[];
  firstDay: number;
  editable: boolean;
  /** The heading, focused when a weekly event on the calendar is clicked. */
  headingRef?: Ref<HTMLHeadingElement>;
}

/**
 * The hours that repeat every week, day by day: switch a day on or off, add or remove hours,
 * Save. A 400 from the server is shown next to the time it names (`hours[2][start]`).
 */
export function WeeklyHoursEditor({
  uid,
  weekly,
  firstDay,
  editable,
  headingRef,
}: WeeklyHoursEditorProps) {
  const { t, language } = useT();
  const { notify } = useNotify();
  const headingId = useId();
  const save = useSaveWeeklyHours(uid);
  const [draft, setDraft] = useState<WeekDraft>(() => draftFromWeekly(weekly));
  const [errors, setErrors] = useState<Map<string, string>>(new Map());
  const [dirty, setDirty] = useState(false);
  const order = useMemo(() => dayOrder(firstDay), [firstDay]);
  const dayNames = useMemo(() => {
    const format = new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' });
    // 2023-01-01 was a Sunday.
    return Array.from({ length: 7 }, (_, d) => format.format(Date.UTC(2023, 0, 1 + d)));
  }, [language]);

  // Saved hours from the server replace the form, unless the user is mid-edit.
  const [seen, setSeen] = useState(weekly);
  if (seen !== weekly && !dirty) {
    setSeen(weekly);
    setDraft(draftFromWeekly(weekly));
  }

  const change = (next: WeekDraft) => {
    setDraft(next);
    setDirty(true);
  };
  const update = (weekday: number, fn: (rows: WeekDraft[number]) => WeekDraft[number]) =>
    change(draft.map((rows, d) => (d === weekday ? fn(rows) : rows)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { body, index } = weeklyBody(draft, order);
    const local = new Map<string, string>();
    index.forEach(({ weekday, row }) => {
      const hours = draft[weekday]![row]!;
      if (invalidHours(hours))
        local.set(fieldKey(weekday, row, 'end'), t('The end must be after the start.'));
    });
    setErrors(local);
    if (local.size > 0) return;
    try {
      await save.mutateAsync(body);
      setDirty(false);
      notify('success', t('Your weekly hours have been saved.'));
    } catch (e) {
      if (e instanceof ApiRequestError && e.status === 400 && e.messages.length > 0) {
        setErrors(weeklyFieldErrors(e.messages, index));
      } else {
        setErrors(new Map([['', failureText(e, t)]]));
      }
    }
  };

  const general = errors.get('');
  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <div className={styles.cardHeader}>
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className={styles.cardTitle}>
          {t('Weekly hours')}
        </h2>
        <p className={styles.hint}>{t('The hours you are available every week.')}</p>
      </div>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <ul className={styles.days}>
          {order.map((weekday) => {
            const rows = draft[weekday] ?? [];
            const name = dayNames[weekday]!;
            return (
              <li key={weekday} className={styles.day}>
                <label className={styles.dayToggle}>
                  <input
                    type="checkbox"
                    checked={rows.length > 0}
                    disabled={!editable}
                    onChange={(event) =>
                      update(weekday, () => (event.target.checked ? [{ ...DEFAULT_HOURS }] : []))
                    }
                  />
                  {name}
                </label>
                <div className={styles.intervals}>
                  {rows.length === 0 ? (
                    <p className={styles.unavailable}>{t('Unavailable')}</p>
                  ) : null}
                  {rows.map((hours, row) => (
                    <HoursRow
                      key={row}
                      day={name}
                      start={hours.start}
                      end={hours.end}
                      disabled={!editable}
                      startError={errors.get(fieldKey(weekday, row, 'start'))}
                      endError={errors.get(fieldKey(weekday, row, 'end'))}
                      onChange={(field, value) =>
                        update(weekday, (list) =>
                          list.map((h, i) => (i === row ? { ...h, [field]: value } : h)),
                        )
                      }
                      onRemove={() => update(weekday, (list) => list.filter((_, i) => i !== row))}
                    />
                  ))}
                  {editable && rows.length > 0 && rows.length < MAX_PER_DAY ? (
                    <button
                      type="button"
                      className={styles.linkButton}
                      aria-label={t('Add hours on @day', { day: name })}
                      onClick={() =>
                        update(weekday, (list) => [...list, nextHours(list[list.length - 1]?.end)])
                      }
                    >
                      {t('Add hours')}
                    </button>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
        {general ? (
          <p className={styles.error} role="alert">
            {general}
          </p>
        ) : null}
        {editable ? (
          <div className={styles.actions}>
            <button type="submit" className={styles.primary} disabled={save.isPending}>
              {t('Save weekly hours')}
            </button>
          </div>
        ) : null}
      </form>
    </section>
  );
}

/** A new interval after the last one (one hour from its end), or the default hours. */
function nextHours(lastEnd: string | undefined): { start: string; end: string } {
  if (!lastEnd || lastEnd === '00:00' || lastEnd >= '23:00') return { ...DEFAULT_HOURS };
  const [h, m] = lastEnd.split(':').map(Number) as [number, number];
  const pad = (n: number) => String(n).padStart(2, '0');
  return { start: pad(h + 1) + ':' + pad(m), end: pad(Math.min(h + 2, 23)) + ':' + pad(m) };
}

function HoursRow(p: {
  day: string;
  start: string;
  end: string;
  disabled: boolean;
  startError?: string;
  endError?: string;
  onChange: (field: 'start' | 'end', value: string) => void;
  onRemove: () => void;
}) {
  const { t } = useT();
  const id = useId();
  return (
    <div>
      <div className={styles.interval}>
        <TimeField
          inputClassName={styles.timeInput}
          aria-label={t('@day from', { day: p.day })}
          value={p.start}
          disabled={p.disabled}
          aria-invalid={p.startError ? true : undefined}
          aria-describedby={p.startError ? `${id}-start` : undefined}
          onChange={(value) => p.onChange('start', value ?? '')}
        />
        <span className={styles.dash} aria-hidden="true">
          –
        </span>
        <TimeField
          inputClassName={styles.timeInput}
          aria-label={t('@day until', { day: p.day })}
          value={p.end}
          disabled={p.disabled}
          aria-invalid={p.endError ? true : undefined}
          aria-describedby={p.endError ? `${id}-end` : undefined}
          onChange={(value) => p.onChange('end', value ?? '')}
        />
        {p.disabled ? null : (
          <button
            type="button"
            className={styles.iconButton}
            aria-label={t('Remove these hours on @day', { day: p.day })}
            onClick={p.onRemove}
          >
            <Icon name="trash" size={18} />
          </button>
        )}
      </div>
      {p.startError ? (
        <p id={`${id}-start`} className={styles.fieldError}>
          {p.startError}
        </p>
      ) : null}
      {p.endError ? (
        <p id={`${id}-end`} className={styles.fieldError}>
          {p.endError}
        </p>
      ) : null}
    </div>
  );
}
