import { useFormatDate, usePageTitle, useT } from '@engine/react';
import type { Entry } from '@schemas/entities/availability.schema';
import { useCallback, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useAvailability } from '@/lib/queries/availability';
import { useUpdateEntry } from '@/lib/queries/availability-entries';
import { useUpdateAvailabilitySettings } from '@/lib/queries/availability-settings';
import { useNotify } from '@/shell/notifications/notifications-provider';
import { PageHeader } from '@/shell/page/page-header';
import { ErrorState } from '@/shell/states/states';
import { sourceColors, trainerEvents, type CalendarEventTarget } from '../lib/events';
import { useZonedFormat } from '../lib/format';
import {
  isoToZoned,
  rangeQuery,
  timeZones,
  todayIn,
  toIso,
  weekAround,
  type DateRange,
} from '../lib/zoned';
import './availability-colors.css';
import { AvailabilityCalendar, firstDayOf } from './availability-calendar';
import styles from './availability.module.css';
import { draftOfEntry, draftOfRange, EntryDialog, type EntryDraft } from './entry-dialog';
import { EntriesList } from './entries-list';
import { failureText } from './errors';
import { Legend } from './legend';
import {
  draftOfOverride,
  emptyOverride,
  OverridesEditor,
  type OverrideDraft,
} from './overrides-editor';
import { WeeklyHoursEditor } from './weekly-hours-editor';

export interface TrainerAvailabilityProps {
  uid: number;
  /** `own`: the trainer's page; `manage`: a course administrator's view of one trainer. */
  mode: 'own' | 'manage';
  /** The page title, translated; `manage` adds the trainer's name to it. */
  title: string;
  /** Above the header (a back link). */
  before?: ReactNode;
}

interface DialogState {
  entry: Entry | null;
  draft: EntryDraft;
}

/**
 * One trainer's availability: time zone, lock, the calendar (week and month, in the trainer's
 * time zone), extra hours and time off, weekly hours and date overrides. Shared by /availability
 * and the course administrators' trainer page.
 */
export function TrainerAvailability({ uid, mode, title, before }: TrainerAvailabilityProps) {
  const { t, language, timeZone: viewerZone } = useT();
  const formatDate = useFormatDate();
  const { notify } = useNotify();
  const firstDay = firstDayOf(language);
  const [range, setRange] = useState<DateRange>(() => weekAround(todayIn(viewerZone), firstDay));
  const [zone, setZone] = useState<string | null>(null);
  const timeZone = zone ?? viewerZone;
  const query = useMemo(() => rangeQuery(range, timeZone), [range, timeZone]);
  const availability = useAvailability(uid, query);
  const data = availability.data;
  // The trainer's zone is known after the first answer; later ranges are computed in it.
  if (data && data.timezone !== zone) setZone(data.timezone);

  const format = useZonedFormat(data?.timezone ?? timeZone);
  const settings = useUpdateAvailabilitySettings();
  const moveEntry = useUpdateEntry(uid);
  const [dialog, setDialog] = useState<DialogState | null>(null);
  const [overrideDraft, setOverrideDraft] = useState<OverrideDraft>(() => emptyOverride());
  const weeklyHeading = useRef<HTMLHeadingElement>(null);
  const overridesHeading = useRef<HTMLHeadingElement>(null);
  const zoneId = useId();

  const editable = data?.editable ?? false;
  const labels = useMemo(
    () => ({
      weekly: t('Weekly hours'),
      override: t('Date override'),
      extra: t('Extra hours'),
      timeOff: t('Time off'),
      timeOffWithReason: (reason: string) => t('Time off: @reason', { reason }),
      dayOff: t('Unavailable all day'),
      overrideHours: t('Other hours on this date'),
    }),
    [t],
  );
  const events = useMemo(
    () => (data ? trainerEvents(data, labels, editable) : []),
    [data, labels, editable],
  );

  const onRangeChange = useCallback(
    (start: Date, end: Date) => {
      const tz = data?.timezone ?? timeZone;
      const next = { from: isoToZoned(start, tz).date, to: isoToZoned(end, tz).date };
      setRange((current) =>
        current.from === next.from && current.to === next.to ? current : next,
      );
    },
    [data?.timezone, timeZone],
  );

  const openAdd = () => {
    const tz = data?.timezone ?? timeZone;
    const today = todayIn(tz);
    const date = range.from <= today && today < range.to ? today : range.from;
    setDialog({
      entry: null,
      draft: {
        kind: 'extra',
        startDate: date,
        startTime: '09:00',
        endDate: date,
        endTime: '12:00',
        reason: '',
      },
    });
  };

  const onSelect = useCallback(
    (start: Date, end: Date) => {
      const tz = data?.timezone ?? timeZone;
      setDialog({ entry: null, draft: draftOfRange(start, end, tz) });
    },
    [data?.timezone, timeZone],
  );

  const focusSection = (heading: HTMLHeadingElement | null) => {
    heading?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    heading?.focus({ preventScroll: true });
  };

  const onEventClick = useCallback(
    (target: CalendarEventTarget) => {
      const tz = data?.timezone ?? timeZone;
      if (target.type === 'entry') {
        if (editable) setDialog({ entry: target.entry, draft: draftOfEntry(target.entry, tz) });
      } else if (target.type === 'override') {
        setOverrideDraft(draftOfOverride(target.override));
        focusSection(overridesHeading.current);
      } else if (target.type === 'interval') {
        focusSection(
          target.source === 'override' ? overridesHeading.current : weeklyHeading.current,
        );
      }
    },
    [data?.timezone, timeZone, editable],
  );

  const onEventChange = useCallback(
    (target: CalendarEventTarget, start: Date, end: Date, revert: () => void) => {
      if (target.type !== 'entry') {
        revert();
        return;
      }
      moveEntry
        .mutateAsync({ id: target.entry.id, patch: { start: toIso(start), end: toIso(end) } })
        .then(() => notify('success', t('The entry has been moved.')))
        .catch((e: unknown) => {
          revert();
          notify('error', failureText(e, t));
        });
    },
    [moveEntry, notify, t],
  );

  const changeZone = async (next: string) => {
    try {
      await settings.mutateAsync({ uid, patch: { timezone: next } });
      notify('success', t('Your time zone has been saved.'));
    } catch (e) {
      notify('error', failureText(e, t));
    }
  };

  const toggleLock = async (locked: boolean) => {
    try {
      await settings.mutateAsync({ uid, patch: { locked } });
      notify(
        'success',
        locked ? t('The availability has been locked.') : t('The availability has been unlocked.'),
      );
    } catch (e) {
      notify('error', failureText(e, t));
    }
  };

  const heading = mode === 'manage' && data ? `${title}: ${data.trainer.display_name}` : title;
  // A course administrator's tab and breadcrumb name the trainer.
  usePageTitle(mode === 'manage' ? data?.trainer.display_name : undefined);

  if (availability.isPending) {
    return (
      <div className={styles.page}>
        {before}
        <PageHeader title={title} />
        <div className={styles.skeleton} role="status" aria-label={t('Loading')}>
          <span className={styles.bone} />
          <span className={styles.bone} />
          <span className={styles.bone} />
        </div>
      </div>
    );
  }
  if (availability.isError || !data) {
    return (
      <div className={styles.page}>
        {before}
        <PageHeader title={title} />
        <ErrorState
          message={t('The availability could not be loaded.')}
          onRetry={() => void availability.refetch()}
        />
      </div>
    );
  }

  return (
    <div className={styles.page}>
      {before}
      <PageHeader
        title={heading}
        lead={
          mode === 'own'
            ? t('When you can run trainings. Course administrators plan with these hours.')
            : undefined
        }
        actions={
          editable ? (
            <button type="button" className={styles.primary} onClick={openAdd}>
              {t('Add time')}
            </button>
          ) : null
        }
      />

      {data.lock ? (
        <div className={styles.lock} role="status">
          <p>
            <strong>{t('This availability is locked.')}</strong>{' '}
            {t('@name locked it on @date.', {
              name: data.lock.by,
              date: formatDate(data.lock.at, 'medium'),
            })}{' '}
            {mode === 'own' && !editable
              ? t('You can see it but not change it. Ask a course administrator to unlock it.')
              : null}
          </p>
        </div>
      ) : null}

      <div className={`${styles.card} ${styles.settingsBar}`}>
        {editable ? (
          <div className={`${styles.field} ${styles.zone}`}>
            <label htmlFor={zoneId}>{t('Time zone')}</label>
            <select
              id={zoneId}
              value={data.timezone}
              disabled={settings.isPending}
              onChange={(event) => void changeZone(event.target.value)}
            >
              {(timeZones().includes(data.timezone)
                ? timeZones()
                : [data.timezone, ...timeZones()]
              ).map((z) => (
                <option key={z} value={z}>
                  {z.replace(/_/g, ' ')}
                </option>
              ))}
            </select>
          </div>
        ) : (
          <p className={styles.zoneText}>
            {t('Time zone')}: <strong>{data.timezone.replace(/_/g, ' ')}</strong>
          </p>
        )}
        <p className={styles.hint}>{t('Times are shown in this time zone.')}</p>
        {mode === 'manage' ? (
          <button
            type="button"
            className={styles.secondary}
            disabled={settings.isPending}
            onClick={() => void toggleLock(!data.lock)}
          >
            {data.lock ? t('Unlock') : t('Lock')}
          </button>
        ) : null}
      </div>

      <section className={styles.card} aria-label={t('Calendar')}>
        <AvailabilityCalendar
          label={t('Availability calendar')}
          events={events}
          timeZone={data.timezone}
          onRangeChange={onRangeChange}
          onSelect={editable ? onSelect : undefined}
          onEventClick={onEventClick}
          onEventChange={editable ? onEventChange : undefined}
        />
        <Legend
          items={[
            { label: labels.weekly, color: sourceColors.weekly },
            { label: labels.override, color: sourceColors.override },
            { label: labels.extra, color: sourceColors.extra },
            { label: labels.timeOff, color: sourceColors.time_off, hatched: true },
          ]}
        />
      </section>

      <div className={styles.columns}>
        <EntriesList
          uid={uid}
          entries={data.entries}
          editable={editable}
          format={format}
          onEdit={(entry) => setDialog({ entry, draft: draftOfEntry(entry, data.timezone) })}
        />
        <OverridesEditor
          uid={uid}
          overrides={data.overrides}
          editable={editable}
          format={format}
          draft={overrideDraft}
          onDraftChange={setOverrideDraft}
          headingRef={overridesHeading}
        />
      </div>

      <WeeklyHoursEditor
        uid={uid}
        weekly={data.weekly}
        firstDay={firstDay}
        editable={editable}
        headingRef={weeklyHeading}
      />

      {dialog ? (
        <EntryDialog
          uid={uid}
          timeZone={data.timezone}
          entry={dialog.entry}
          draft={dialog.draft}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </div>
  );
}
