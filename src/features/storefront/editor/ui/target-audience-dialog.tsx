import { useT } from '@engine/react';
import type { StorefrontRestrictionOptions } from '@schemas/entities/storefront.schema';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { PreviewFilters } from '@/lib/queries/storefront-manage';
import styles from './target-audience-dialog.module.css';

type Restriction = StorefrontRestrictionOptions;
type OptionValue = Restriction['options'][number]['value'];
/** The dialog's working values: every restriction type as a list (a single select holds 0 or 1). */
type Chosen = Record<string, OptionValue[]>;

export interface TargetAudienceDialogProps {
  open: boolean;
  /** One select per item, in order: type, label (English, translated here), multiple, options. */
  restrictions: readonly StorefrontRestrictionOptions[];
  /** The filters of the current preview, to prefill; null when not previewing. */
  value: PreviewFilters | null;
  onCancel: () => void;
  onSave: (filters: PreviewFilters) => void;
}

/** The option of `restriction` whose value reads as `raw` (form controls hold strings). */
function optionValue(restriction: Restriction, raw: unknown): OptionValue | undefined {
  return restriction.options.find((option) => String(option.value) === String(raw))?.value;
}

/** The preview's filters as the dialog's values; values no option offers are dropped. */
function toChosen(restrictions: readonly Restriction[], value: PreviewFilters | null): Chosen {
  const chosen: Chosen = {};
  for (const restriction of restrictions) {
    const current = value?.[restriction.type];
    if (current === null || current === undefined) continue;
    const list = (Array.isArray(current) ? current : [current])
      .map((raw) => optionValue(restriction, raw))
      .filter((v): v is OptionValue => v !== undefined);
    chosen[restriction.type] = restriction.multiple ? list : list.slice(0, 1);
  }
  return chosen;
}

/** The dialog's values as preview filters: a single select gives its value, a group a list. */
function toFilters(restrictions: readonly Restriction[], chosen: Chosen): PreviewFilters {
  const filters: PreviewFilters = {};
  for (const restriction of restrictions) {
    const list = chosen[restriction.type] ?? [];
    if (list.length === 0) continue;
    filters[restriction.type] = restriction.multiple ? list : list[0];
  }
  return filters;
}

function RequiredStar() {
  const { t } = useT();
  return (
    <span className={`required ${styles.required}`} title={t('This field is required')}>
      *
    </span>
  );
}

/**
 * The target audience dialog: a full-page modal with one select per audience restriction. Save
 * hands the chosen filters (at least one) to `onSave`; Cancel and Escape call `onCancel`.
 */
export function TargetAudienceDialog({
  open,
  restrictions,
  value,
  onCancel,
  onSave,
}: TargetAudienceDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const headingId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // jsdom has no showModal/close; fall back to the attribute there.
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
      // Chromium may hand focus to the scrolling body; start at the first choice instead.
      dialog.querySelector<HTMLElement>('select, input, button')?.focus();
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    return () => {
      if (dialog?.open && typeof dialog.close === 'function') dialog.close();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={headingId}
      onCancel={(event) => {
        // Escape: the parent decides whether the dialog closes.
        event.preventDefault();
        onCancel();
      }}
      onClose={() => {
        // The browser may close it anyway (a repeated Escape); keep the parent in step.
        if (open) onCancel();
      }}
    >
      {open ? (
        <AudienceForm
          headingId={headingId}
          restrictions={restrictions}
          initial={toChosen(restrictions, value)}
          onCancel={onCancel}
          onSave={onSave}
        />
      ) : null}
    </dialog>
  );
}

/** The dialog's content; mounted on each opening, so it starts from the current preview. */
function AudienceForm({
  headingId,
  restrictions,
  initial,
  onCancel,
  onSave,
}: {
  headingId: string;
  restrictions: readonly Restriction[];
  initial: Chosen;
  onCancel: () => void;
  onSave: (filters: PreviewFilters) => void;
}) {
  const { t } = useT();
  const id = useId();
  const errorId = `${id}-error`;
  const [chosen, setChosen] = useState<Chosen>(initial);
  const [submitted, setSubmitted] = useState(false);
  const filters = toFilters(restrictions, chosen);
  // Checked on submit, then again on every change.
  const invalid = submitted && Object.keys(filters).length === 0;

  const header = (
    <header className={styles.header}>
      <div className={styles.inner}>
        <h2 id={headingId} className={styles.heading}>
          {t('Target audience')}
        </h2>
        <p className={styles.lead}>{t('Choose who to preview the storefront as.')}</p>
      </div>
    </header>
  );
  const cancel = (
    <button type="button" className={styles.secondary} onClick={onCancel}>
      {t('Cancel')}
    </button>
  );

  if (restrictions.length === 0)
    return (
      <div className={styles.layout}>
        {header}
        <div className={styles.body}>
          <div className={styles.inner}>
            <p className={styles.nothing}>{t('There is nothing to choose an audience by.')}</p>
          </div>
        </div>
        <footer className={styles.footer}>
          <div className={`${styles.inner} ${styles.actions}`}>{cancel}</div>
        </footer>
      </div>
    );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(filters).length === 0) return;
    onSave(filters);
  };
  const set = (type: string, list: OptionValue[]) => setChosen({ ...chosen, [type]: list });

  return (
    <form
      className={styles.layout}
      noValidate
      aria-labelledby={headingId}
      aria-describedby={invalid ? errorId : undefined}
      onSubmit={submit}
    >
      {header}
      <div className={styles.body}>
        <div className={`${styles.inner} ${styles.fields}`}>
          {restrictions.map((restriction) => {
            const fieldId = `${id}-${restriction.type}`;
            const list = chosen[restriction.type] ?? [];
            const label = t(restriction.label);
            if (!restriction.multiple)
              return (
                <div key={restriction.type} className={styles.field}>
                  <label className={styles.label} htmlFor={fieldId}>
                    {label}
                    <RequiredStar />
                  </label>
                  <select
                    id={fieldId}
                    className={styles.select}
                    value={list.length > 0 ? String(list[0]) : ''}
                    onChange={(event) => {
                      const picked = optionValue(restriction, event.target.value);
                      set(restriction.type, picked === undefined ? [] : [picked]);
                    }}
                  >
                    <option value="">{t('- Select -')}</option>
                    {restriction.options.map((option) => (
                      <option key={String(option.value)} value={String(option.value)}>
                        {option.label}
                      </option>
                    ))}
                  </select>
                </div>
              );
            return (
              <fieldset key={restriction.type} className={styles.group}>
                <legend className={styles.label}>
                  {label}
                  <RequiredStar />
                </legend>
                {restriction.options.length === 0 ? (
                  <p className={styles.none}>{t('Nothing to choose from.')}</p>
                ) : (
                  <ul className={styles.options}>
                    {restriction.options.map((option) => {
                      const checked = list.includes(option.value);
                      return (
                        <li key={String(option.value)}>
                          <label className={styles.option}>
                            <input
                              type="checkbox"
                              className={styles.checkbox}
                              value={String(option.value)}
                              checked={checked}
                              onChange={() =>
                                set(
                                  restriction.type,
                                  checked
                                    ? list.filter((v) => v !== option.value)
                                    : // Kept in the options' order, whatever order they were ticked in.
                                      restriction.options
                                        .map((o) => o.value)
                                        .filter((v) => v === option.value || list.includes(v)),
                                )
                              }
                            />
                            <span>{option.label}</span>
                          </label>
                        </li>
                      );
                    })}
                  </ul>
                )}
              </fieldset>
            );
          })}
        </div>
      </div>
      <footer className={styles.footer}>
        <div className={`${styles.inner} ${styles.actions}`}>
          {invalid ? (
            <p id={errorId} role="alert" className={styles.error}>
              {t('Select at least one criteria')}
            </p>
          ) : null}
          {cancel}
          <button type="submit" className={styles.primary}>
            {t('Save')}
          </button>
        </div>
      </footer>
    </form>
  );
}
