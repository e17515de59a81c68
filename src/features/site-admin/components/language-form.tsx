import { bracketToDotted } from '@engine/core';
import { useT } from '@engine/react';
import type { Language } from '@schemas/entities/language.schema';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { asApiError, userMessage } from './errors';
import texts from './texts.module.css';

/** What the language form edits. */
export interface LanguageFields {
  langcode: string;
  name: string;
  native_name: string;
  direction: 0 | 1;
}

type FieldName = keyof LanguageFields;
type FieldErrors = Partial<Record<FieldName, string>>;

const CODE = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

/**
 * The add / edit language form. `language` set means editing: its code cannot change. `onSave`
 * rejects with the server's error; field messages (400, and the 409 of a code in use) are shown
 * at their fields, other failures by `onFailure`.
 */
export function LanguageForm(p: {
  language?: Language;
  onSave: (fields: LanguageFields) => Promise<void>;
  onCancel: () => void;
  onFailure: (message: string) => void;
}) {
  const { t } = useT();
  const editing = p.language !== undefined;
  const [fields, setFields] = useState<LanguageFields>(() => ({
    langcode: p.language?.langcode ?? '',
    name: p.language?.name ?? '',
    native_name: p.language?.native_name ?? '',
    direction: p.language?.direction === 1 ? 1 : 0,
  }));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const headingId = useId();
  const ids = {
    langcode: useId(),
    name: useId(),
    native_name: useId(),
    direction: useId(),
  };
  const firstField = useRef<HTMLInputElement>(null);

  useEffect(() => {
    firstField.current?.focus();
  }, []);

  const set = <K extends FieldName>(name: K, value: LanguageFields[K]) =>
    setFields((current) => ({ ...current, [name]: value }));

  const check = (): FieldErrors => {
    const found: FieldErrors = {};
    if (!editing && !CODE.test(fields.langcode.trim()))
      found.langcode = t('Use a language code such as fr, ar or pt-br.');
    if (!fields.name.trim()) found.name = t('Required');
    return found;
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = check();
    setErrors(found);
    if (Object.keys(found).length) {
      document.getElementById(ids[Object.keys(found)[0] as FieldName])?.focus();
      return;
    }
    setBusy(true);
    try {
      await p.onSave({
        ...fields,
        langcode: fields.langcode.trim(),
        name: fields.name.trim(),
        native_name: fields.native_name.trim(),
      });
    } catch (e) {
      const failure = asApiError(e);
      const atFields: FieldErrors = {};
      for (const m of failure.messages) {
        const name = bracketToDotted(m.path) as FieldName;
        if (name in ids) atFields[name] ??= m.text;
      }
      if (Object.keys(atFields).length) {
        setErrors(atFields);
        document.getElementById(ids[Object.keys(atFields)[0] as FieldName])?.focus();
      } else {
        p.onFailure(userMessage(failure) ?? t('Something went wrong, please try again.'));
      }
    } finally {
      setBusy(false);
    }
  };

  const described = (name: FieldName, help?: string) => {
    const list = [errors[name] ? `${ids[name]}-error` : '', help ?? ''].filter(Boolean).join(' ');
    return list || undefined;
  };
  const fieldError = (name: FieldName) =>
    errors[name] ? (
      <p id={`${ids[name]}-error`} className={texts.fieldError}>
        {errors[name]}
      </p>
    ) : null;

  return (
    <section className={texts.panel} aria-labelledby={headingId}>
      <form className={texts.stack} onSubmit={(event) => void submit(event)} noValidate>
        <h2 id={headingId} className={texts.sectionTitle}>
          {editing
            ? t('Edit @language', { language: p.language?.name ?? '' })
            : t('Add a language')}
        </h2>
        {editing ? null : (
          <div className={texts.field}>
            <label htmlFor={ids.langcode}>{t('Language code')}</label>
            <input
              id={ids.langcode}
              ref={firstField}
              value={fields.langcode}
              onChange={(event) => set('langcode', event.target.value)}
              dir="ltr"
              autoComplete="off"
              spellCheck={false}
              maxLength={20}
              aria-invalid={errors.langcode ? true : undefined}
              aria-describedby={described('langcode', `${ids.langcode}-help`)}
            />
            {fieldError('langcode')}
            <p id={`${ids.langcode}-help`} className={texts.help}>
              {t('Lower-case letters, as in fr, ar or pt-br. It cannot change later.')}
            </p>
          </div>
        )}
        <div className={texts.field}>
          <label htmlFor={ids.name}>{t('Name in English')}</label>
          <input
            id={ids.name}
            ref={editing ? firstField : undefined}
            value={fields.name}
            onChange={(event) => set('name', event.target.value)}
            maxLength={100}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={described('name')}
          />
          {fieldError('name')}
        </div>
        <div className={texts.field}>
          <label htmlFor={ids.native_name}>{t('Native name')}</label>
          <input
            id={ids.native_name}
            value={fields.native_name}
            onChange={(event) => set('native_name', event.target.value)}
            maxLength={100}
            dir="auto"
            aria-invalid={errors.native_name ? true : undefined}
            aria-describedby={described('native_name', `${ids.native_name}-help`)}
          />
          {fieldError('native_name')}
          <p id={`${ids.native_name}-help`} className={texts.help}>
            {t('How speakers of the language call it, for example Français or العربية.')}
          </p>
        </div>
        <fieldset className={texts.choices} aria-describedby={described('direction')}>
          <legend>{t('Writing direction')}</legend>
          <label>
            <input
              type="radio"
              name={ids.direction}
              id={ids.direction}
              checked={fields.direction === 0}
              onChange={() => set('direction', 0)}
            />
            {t('Left to right')}
          </label>
          <label>
            <input
              type="radio"
              name={ids.direction}
              checked={fields.direction === 1}
              onChange={() => set('direction', 1)}
            />
            {t('Right to left')}
          </label>
          {fieldError('direction')}
        </fieldset>
        <div className={texts.actions}>
          <button type="submit" className={texts.primary} disabled={busy} aria-busy={busy}>
            {editing ? t('Save language') : t('Add language')}
          </button>
          <button type="button" className={texts.secondary} onClick={p.onCancel}>
            {t('Cancel')}
          </button>
        </div>
      </form>
    </section>
  );
}
