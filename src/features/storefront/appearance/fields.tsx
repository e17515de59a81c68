import { useT } from '@engine/react';
import { colord } from 'colord';
import type { ReactNode } from 'react';
import { Icon } from '@/shell/icons/icons';
import { formatRatio, textContrast } from './contrast';
import styles from './fields.module.css';

/** The dotted path of a field as the id of its input (`colors.primary` -> `appearance-colors-primary`). */
export const fieldId = (path: string): string =>
  `appearance-${path.replace(/[^A-Za-z0-9_-]/g, '-')}`;

function RequiredStar() {
  const { t } = useT();
  return (
    <span className={styles.required} title={t('This field is required')} aria-hidden="true">
      *
    </span>
  );
}

function FieldMessage({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className={styles.message}>
      <Icon name="error" size={16} className={styles.messageIcon} />
      <span>{message}</span>
    </p>
  );
}

const describedBy = (...ids: (string | false | undefined)[]): string | undefined =>
  ids.filter(Boolean).join(' ') || undefined;

interface BaseProps {
  /** Dotted path of the value in the saved body, also its id and error key. */
  path: string;
  /** Visible label, translated. */
  label: string;
  /** Translated field message. */
  error?: string | undefined;
  /** Translated help text under the input. */
  hint?: ReactNode;
  required?: boolean;
  onBlur?: (path: string) => void;
}

export interface TextFieldProps extends BaseProps {
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'url' | 'number';
  maxLength?: number;
  min?: number;
  max?: number;
  /** A unit shown after the input (e.g. px). */
  unit?: string;
  /** Left-to-right content (URLs, CSS) even in right-to-left languages. */
  ltr?: boolean;
}

/** A labelled input with its hint and field message. */
export function TextField(p: TextFieldProps) {
  const id = fieldId(p.path);
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {p.label}
        {p.required ? <RequiredStar /> : null}
      </label>
      <div className={styles.inputRow}>
        <input
          id={id}
          className={p.type === 'number' ? `${styles.input} ${styles.number}` : styles.input}
          type={p.type === 'url' ? 'text' : (p.type ?? 'text')}
          {...(p.type === 'url' ? { inputMode: 'url' as const } : {})}
          value={p.value}
          onChange={(e) => p.onChange(e.target.value)}
          onBlur={() => p.onBlur?.(p.path)}
          required={p.required}
          maxLength={p.maxLength}
          min={p.min}
          max={p.max}
          dir={p.ltr ? 'ltr' : undefined}
          spellCheck={p.ltr ? false : undefined}
          autoComplete="off"
          aria-invalid={p.error ? true : undefined}
          aria-describedby={describedBy(p.error && errorId, p.hint !== undefined && hintId)}
        />
        {p.unit ? (
          <span className={styles.unit} aria-hidden="true">
            {p.unit}
          </span>
        ) : null}
      </div>
      {p.hint !== undefined ? (
        <p id={hintId} className={styles.hint}>
          {p.hint}
        </p>
      ) : null}
      <FieldMessage id={errorId} message={p.error} />
    </div>
  );
}

export interface CheckboxFieldProps {
  path: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/** A labelled checkbox. */
export function CheckboxField(p: CheckboxFieldProps) {
  const id = fieldId(p.path);
  return (
    <div className={styles.checkbox}>
      <input
        id={id}
        type="checkbox"
        checked={p.checked}
        onChange={(e) => p.onChange(e.target.checked)}
      />
      <label htmlFor={id}>{p.label}</label>
    </div>
  );
}

export interface ColorFieldProps extends BaseProps {
  value: string;
  onChange: (value: string) => void;
  /** Check that the theme's text on this colour is readable. */
  checkContrast?: boolean;
}

/** `#abc` as `#aabbcc`: the native colour input takes only the long form. */
const pickerValue = (value: string, valid: boolean) =>
  valid ? colord(value.trim()).toHex().slice(0, 7) : '#000000';

/**
 * A colour as a native picker plus its hex value as text (either edits it), with a live
 * warning when the text the theme would put on it is hard to read.
 */
export function ColorField(p: ColorFieldProps) {
  const { t } = useT();
  const id = fieldId(p.path);
  const errorId = `${id}-error`;
  const contrastId = `${id}-contrast`;
  const contrast = textContrast(p.value);
  const ratio = contrast ? formatRatio(contrast.ratio) : '';
  const warn = Boolean(p.checkContrast && contrast && !contrast.readable);
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {p.label}
        {p.required ? <RequiredStar /> : null}
      </label>
      <div className={styles.inputRow}>
        <input
          type="color"
          className={styles.picker}
          value={pickerValue(p.value, contrast !== null)}
          onChange={(e) => p.onChange(e.target.value)}
          onBlur={() => p.onBlur?.(p.path)}
          aria-label={t('Pick a colour for @name', { name: p.label })}
          aria-describedby={describedBy(warn && contrastId)}
        />
        <input
          id={id}
          className={`${styles.input} ${styles.hex}`}
          type="text"
          value={p.value}
          onChange={(e) => p.onChange(e.target.value)}
          onBlur={() => p.onBlur?.(p.path)}
          required={p.required}
          maxLength={7}
          dir="ltr"
          spellCheck={false}
          autoComplete="off"
          aria-invalid={p.error ? true : undefined}
          aria-describedby={describedBy(p.error && errorId, warn && contrastId)}
        />
        {p.checkContrast && contrast ? (
          // A picture of the result; the ratio beside it says the same in words.
          <span
            className={styles.sample}
            style={{ backgroundColor: p.value.trim(), color: contrast.text }}
            inert
            aria-hidden="true"
          >
            Aa
          </span>
        ) : null}
        {p.checkContrast && contrast?.readable ? (
          <span className={styles.ratio}>{t('Contrast @ratio:1', { ratio })}</span>
        ) : null}
      </div>
      <FieldMessage id={errorId} message={p.error} />
      {p.checkContrast ? (
        <p id={contrastId} className={styles.contrast} aria-live="polite">
          {warn ? (
            <span className={styles.warning}>
              <Icon name="warning" size={16} className={styles.messageIcon} />
              <span>
                {t(
                  'Text on this colour is hard to read (contrast @ratio:1). Choose a darker or lighter colour.',
                  { ratio },
                )}
              </span>
            </span>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}
