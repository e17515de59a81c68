import {
  Component,
  lazy,
  Suspense,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { toZonedTime } from 'date-fns-tz/toZonedTime';
import {
  formatDateInput,
  formatDateTimeInput,
  formatTimeInput,
  localDateOf,
  parseDateInput,
  parseDateTimeInput,
  parseTimeInput,
  wallClockToUtc,
  type Translator,
} from '../core';
import { useT } from './i18n';
import styles from './date-field.module.css';

// The calendar and its date library load when a calendar is first opened (or about to be).
const loadCalendar = () => import('./date-calendar');
const DateCalendar = lazy(loadCalendar);

/** Props shared by {@link DateField}, {@link TimeField} and {@link DateTimeField}. */
export interface TemporalFieldProps {
  /** The text input's id, for a `<label htmlFor>`. */
  id?: string;
  /** Submits the value (not the text shown) with a form under this name, in a hidden input. */
  name?: string;
  /** The value, for a field the page controls; see each field for its shape. */
  value?: string;
  /** The first value, for a field the form owns (read through `name`). */
  defaultValue?: string;
  /**
   * Called as the text changes: with the value once the text reads as one (`''` when emptied),
   * and with `null` while it does not; `text` is what was typed.
   */
  onChange?: (value: string | null, text: string) => void;
  onBlur?: () => void;
  onFocus?: () => void;
  required?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  autoFocus?: boolean;
  'aria-label'?: string;
  'aria-describedby'?: string;
  /** Marks the field invalid for a reason of the page's own (its text reads fine). */
  'aria-invalid'?: boolean;
  /** A class for the text input, to look like the page's other inputs. */
  inputClassName?: string;
  /** Shows the field's own message for text it cannot read (default); off where the form shows one. */
  showError?: boolean;
}

type Kind = 'date' | 'time' | 'date-time';

/** The example a field shows of its kind of value, in the site's formats. */
function exampleOf(kind: Kind, t: Translator): string {
  const site = { formats: t.dateFormats, language: t.language };
  const lastDay = `${new Date().getFullYear()}-12-31`;
  if (kind === 'time') return formatTimeInput('18:30', site);
  if (kind === 'date') return formatDateInput(lastDay, site);
  return formatDateTimeInput(lastDay, '18:30', site);
}

/**
 * What a date, time or date-time field says of text it cannot read: how to write one, with an
 * example in the site's formats ("Enter a date like 31/12/2025.").
 *
 * @example
 * unreadableMessage('date', t); // 'Enter a date like 31/12/2025.'
 */
export function unreadableMessage(kind: Kind, t: Translator): string {
  const example = exampleOf(kind, t);
  if (kind === 'time') return t.t('Enter a time like @example.', { example });
  if (kind === 'date') return t.t('Enter a date like @example.', { example });
  return t.t('Enter a date and time like @example.', { example });
}

/** How a kind of field turns values into text and back. */
interface Codec {
  toText: (value: string) => string;
  fromText: (text: string) => string | null;
  /** The calendar date a value falls on, for the calendar. */
  dateOf: (value: string) => string;
  /** The value of a date picked on the calendar, keeping the time of `current`. */
  withDate: (date: string, current: string | null) => string;
  example: string;
  message: string;
}

const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);
const isTime = (value: string) => /^\d{2}:\d{2}$/.test(value);
const pad = (n: number) => String(n).padStart(2, '0');

/** The wall-clock date and time of an instant in a time zone, or null for no instant. */
function wallClock(value: string, timeZone: string): { date: string; time: string } | null {
  // Only an ISO instant: `new Date` reads half-typed text too (`05/03/20` as 3 May 2020).
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return null;
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return null;
  const clock = toZonedTime(instant, timeZone);
  return {
    date: localDateOf(instant, timeZone),
    time: `${pad(clock.getHours())}:${pad(clock.getMinutes())}`,
  };
}

function codecOf(kind: Kind, t: Translator, timeZone: string): Codec {
  const site = { formats: t.dateFormats, language: t.language };
  const f = t.dateFormats;
  const example = exampleOf(kind, t);
  const message = unreadableMessage(kind, t);
  if (kind === 'time') {
    return {
      toText: (v) => (isTime(v) ? formatTimeInput(v, site) : v),
      fromText: (text) => parseTimeInput(text),
      dateOf: () => '',
      withDate: (_, current) => current ?? '',
      example,
      message,
    };
  }
  if (kind === 'date') {
    return {
      toText: (v) => (isDate(v) ? formatDateInput(v, site) : v),
      fromText: (text) => parseDateInput(text, f),
      dateOf: (v) => v,
      withDate: (date) => date,
      example,
      message,
    };
  }
  const instant = (date: string, time: string) =>
    new Date(wallClockToUtc(date, time, timeZone)).toISOString();
  return {
    toText: (v) => {
      const clock = wallClock(v, timeZone);
      return clock ? formatDateTimeInput(clock.date, clock.time, site) : v;
    },
    fromText: (text) => {
      const read = parseDateTimeInput(text, f);
      return read && instant(read.date, read.time);
    },
    dateOf: (v) => wallClock(v, timeZone)?.date ?? '',
    withDate: (date, current) =>
      instant(date, (current && wallClock(current, timeZone)?.time) || '00:00'),
    example,
    message,
  };
}

/** Keeps a failed calendar download from taking the page with it: the text still works. */
class CalendarBoundary extends Component<{ fallback: ReactNode; children: ReactNode }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

function CalendarIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M7 2h2v2h6V2h2v2h2a2 2 0 0 1 2 2v13a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2h2zM5 9v10h14V9zm2 2h3v3H7z"
      />
    </svg>
  );
}

function TemporalField(p: TemporalFieldProps & { kind: Kind; timeZone?: string }) {
  const t = useT();
  const timeZone = p.timeZone ?? t.timeZone;
  const codec = useMemo(() => codecOf(p.kind, t, timeZone), [p.kind, t, timeZone]);
  const ownId = useId();
  const id = p.id ?? `${ownId}-input`;
  const errorId = `${ownId}-error`;
  const popoverId = `${ownId}-calendar`;
  const inputRef = useRef<HTMLInputElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const rowRef = useRef<HTMLDivElement>(null);
  const popoverRef = useRef<HTMLDivElement>(null);

  const [text, setText] = useState(() => codec.toText(p.value ?? p.defaultValue ?? ''));
  const [shownValue, setShownValue] = useState(p.value);
  // A value set from outside (another field, a reset) replaces the text; the value this
  // field reported from the text does not, so the text stays as typed until it is left.
  if (p.value !== shownValue) {
    setShownValue(p.value);
    const read = codec.fromText(text);
    // A page that keeps no value for unreadable text (`''`) leaves that text to be corrected.
    const keepsText = read === p.value || (read === null && p.value === '');
    if (p.value !== undefined && !keepsText) setText(codec.toText(p.value));
  }
  const [touched, setTouched] = useState(false);
  const [open, setOpen] = useState(false);
  const parsed = codec.fromText(text);
  const unreadable = parsed === null;
  const showMessage = unreadable && touched && p.showError !== false;

  useEffect(() => {
    inputRef.current?.setCustomValidity(unreadable ? codec.message : '');
  }, [unreadable, codec.message]);

  useEffect(() => {
    if (!open) return;
    const close = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', close);
    return () => document.removeEventListener('pointerdown', close);
  }, [open]);

  useLayoutEffect(() => {
    const popover = popoverRef.current;
    const anchor = rowRef.current;
    if (!open || !popover || !anchor) return;
    // The top layer: above a modal dialog, and never cut off by a container that scrolls.
    popover.showPopover?.();
    const place = () => {
      const field = anchor.getBoundingClientRect();
      const box = popover.getBoundingClientRect();
      const margin = 8;
      const room = window.innerHeight - field.bottom - margin;
      const above = field.top - 4 - box.height;
      const top = box.height > room && above >= margin ? above : field.bottom + 4;
      // Under the field's start: its left edge, or its right edge right to left.
      const start = t.dir === 'rtl' ? field.right - box.width : field.left;
      const left = Math.max(margin, Math.min(start, window.innerWidth - box.width - margin));
      popover.style.top = `${top}px`;
      popover.style.left = `${left}px`;
    };
    place();
    // The calendar arrives after the popover opens: its size is known only then.
    const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(place);
    resized?.observe(popover);
    window.addEventListener('resize', place);
    window.addEventListener('scroll', place, true);
    return () => {
      resized?.disconnect();
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place, true);
      if (popover.isConnected) popover.hidePopover?.();
    };
  }, [open, t.dir]);

  const report = (next: string) => {
    setText(next);
    p.onChange?.(codec.fromText(next), next);
  };

  const pick = (date: string) => {
    const value = codec.withDate(date, parsed);
    setTouched(false);
    report(codec.toText(value));
    setOpen(false);
    buttonRef.current?.focus();
  };

  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    // Inside a modal dialog, Escape closes the calendar, not the dialog.
    event.preventDefault();
    event.stopPropagation();
    setOpen(false);
    buttonRef.current?.focus();
  };

  const closeOnFocusOut = (event: FocusEvent) => {
    const next = event.relatedTarget as Node | null;
    if (next && (event.currentTarget.contains(next) || next === buttonRef.current)) return;
    setOpen(false);
  };

  const describedBy =
    [p['aria-describedby'], showMessage ? errorId : ''].filter(Boolean).join(' ') || undefined;
  const hasCalendar = p.kind !== 'time';
  const today = localDateOf(Date.now(), timeZone);
  const calendarLabel = p.kind === 'date' ? t.t('Choose a date') : t.t('Choose the date');

  return (
    <div className={`${styles.root} ${p.kind === 'time' ? styles.time : ''}`} ref={rootRef}>
      <div className={styles.row} ref={rowRef}>
        <input
          ref={inputRef}
          id={id}
          type="text"
          className={`${styles.input} ${p.inputClassName ?? ''}`}
          value={text}
          placeholder={t.t('e.g. @example', { example: codec.example })}
          autoComplete="off"
          spellCheck={false}
          inputMode={p.kind === 'date' ? 'numeric' : 'text'}
          required={p.required}
          disabled={p.disabled}
          readOnly={p.readOnly}
          autoFocus={p.autoFocus}
          aria-label={p['aria-label']}
          aria-invalid={showMessage || p['aria-invalid'] ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => report(event.target.value)}
          onFocus={() => p.onFocus?.()}
          onBlur={() => {
            setTouched(true);
            // Leaving the field writes what was read in the site's own way: 5/3/24 -> 05/03/2024.
            if (parsed) setText(codec.toText(parsed));
            p.onBlur?.();
          }}
          onInvalid={() => setTouched(true)}
        />
        {hasCalendar ? (
          <button
            ref={buttonRef}
            type="button"
            className={styles.toggle}
            aria-label={calendarLabel}
            title={calendarLabel}
            aria-haspopup="dialog"
            aria-expanded={open}
            aria-controls={open ? popoverId : undefined}
            disabled={p.disabled || p.readOnly}
            onPointerEnter={() => void loadCalendar()}
            onFocus={() => void loadCalendar()}
            onClick={() => setOpen((o) => !o)}
          >
            <CalendarIcon />
          </button>
        ) : null}
      </div>
      {open ? (
        <div
          ref={popoverRef}
          id={popoverId}
          className={styles.popover}
          popover="manual"
          role="dialog"
          aria-label={calendarLabel}
          onKeyDown={closeOnEscape}
          onBlur={closeOnFocusOut}
        >
          <CalendarBoundary
            fallback={<p role="alert">{t.t('The calendar could not be loaded.')}</p>}
          >
            <Suspense fallback={<p role="status">{t.t('Loading')}</p>}>
              <DateCalendar
                value={parsed ? codec.dateOf(parsed) : ''}
                today={today}
                onPick={pick}
              />
            </Suspense>
          </CalendarBoundary>
        </div>
      ) : null}
      {showMessage ? (
        <p id={errorId} className={styles.error}>
          {codec.message}
        </p>
      ) : null}
      {p.name ? <input type="hidden" name={p.name} value={parsed ?? ''} /> : null}
    </div>
  );
}

/**
 * A calendar date, typed in the site's date format (`05/03/2024` for `d/m/Y`) or picked on a
 * calendar that opens beside it; its value is `YYYY-MM-DD`. Text it cannot read is marked with a
 * message saying how to write a date, and makes the field invalid for the form.
 *
 * @example
 * <label htmlFor="from">{t('From')}</label>
 * <DateField id="from" value={from} onChange={(value) => setFrom(value ?? '')} />
 */
export function DateField(props: TemporalFieldProps) {
  return <TemporalField {...props} kind="date" />;
}

/**
 * A wall-clock time, typed on the site's clock (`18:30`, or `6:30 pm` where the site's time
 * format has am/pm); its value is `HH:MM` on a 24-hour clock.
 *
 * @example
 * <TimeField aria-label={t('From')} value={start} onChange={(value) => setStart(value ?? '')} />
 */
export function TimeField(props: TemporalFieldProps) {
  return <TemporalField {...props} kind="time" />;
}

/**
 * A moment, typed as a date and time in the site's formats (`05/03/2024 - 18:30`) on the wall
 * clock of `timeZone` (default: the viewer's), with a calendar for the date; its value is an ISO
 * instant in UTC (`2024-03-05T14:30:00.000Z`).
 *
 * @example
 * <DateTimeField id="starts" value={starts} onChange={(value) => setStarts(value ?? '')} />
 */
export function DateTimeField(props: TemporalFieldProps & { timeZone?: string }) {
  return <TemporalField {...props} kind="date-time" />;
}
