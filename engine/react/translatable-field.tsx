import { createContext, useContext, useId, useState } from 'react';
import { getUiOptions, type FieldProps } from '@rjsf/utils';
import type { ContentTranslations } from '../core';
import { LanguageTabs, type TabLanguage } from './language-tabs';
import type { FormContext } from './schema-form-templates';

/** A site language as a translatable field offers it: its tab shows its own name. */
export type FormLanguage = TabLanguage;

/**
 * The texts per language of a form's translatable fields (`x-translatable`), beside its data:
 * the default language's text is the field itself, the others' are kept here by field path.
 */
export interface FormTranslations {
  /** The site's default language: its text is the field's value. */
  defaultLanguage: FormLanguage;
  /** The site's other languages, a tab each. */
  languages: readonly FormLanguage[];
  value: ContentTranslations;
  onChange(next: ContentTranslations): void;
  /**
   * The server's messages about texts in other languages, by language and field path (from its
   * `translations[ar][title]` paths): each shows under its text, and its language's tab says so.
   */
  errors?: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>>;
}

/** What {@link TranslatableField} reads of the form it is in. */
export const FormTranslationsContext = createContext<FormTranslations | undefined>(undefined);

/** A copy of `value` with one language's text of one field set (an empty text is kept empty). */
export function withText(
  value: ContentTranslations,
  langcode: string,
  path: string,
  text: string,
): ContentTranslations {
  return { ...value, [langcode]: { ...value[langcode], [path]: text } };
}

/**
 * The field rjsf draws for a string its schema declares `x-translatable`: a tab per site
 * language above the text, named in that language ({@link LanguageTabs}). The default language's tab holds the field's own widget (a
 * textarea when the uiSchema asks for one); each other language's tab a box of the same kind,
 * written in that language's direction. Arrow keys, Home and End move between the tabs.
 */
export function TranslatableField(props: FieldProps) {
  const editing = useContext(FormTranslationsContext);
  const { t } = props.registry.formContext as FormContext;
  const [active, setActive] = useState<string | undefined>(undefined);
  const base = useId();
  const StringField = props.registry.fields.StringField!;
  const uiSchema = { ...props.uiSchema };
  delete uiSchema['ui:field'];
  const own = <StringField {...props} uiSchema={uiSchema} />;
  const uiOptions = getUiOptions(props.uiSchema);
  // `ui:title` arrives translated already; a schema title does not.
  const title = uiOptions.title ?? t.t(props.schema.title ?? props.name);
  const id = props.fieldPathId.$id;
  // rjsf leaves the label of a field it does not know to the field.
  const label = (
    <label className="control-label" htmlFor={id} id={`${id}__label`}>
      {title}
      {props.required ? (
        <span className="required" title={t.t('This field is required')}>
          *
        </span>
      ) : null}
    </label>
  );
  // Until the site's languages are known (or with one language) the field is its own widget
  // alone, in the boxes the tabs then take, so that it stays the same element when they come:
  // what is being typed and the focus stay where they are.
  if (!editing || editing.languages.length === 0)
    return (
      <div className="translatable">
        {label}
        {null}
        <div>
          <div>{own}</div>
        </div>
      </div>
    );

  const path = props.fieldPathId.path.join('.');
  const all = [editing.defaultLanguage, ...editing.languages];
  const errorsOf = (langcode: string) => editing.errors?.[langcode]?.[path] ?? [];
  // A refused text's language opens first, until another tab is chosen.
  const current =
    all.find((l) => l.langcode === active) ??
    all.find((l) => errorsOf(l.langcode).length > 0) ??
    editing.defaultLanguage;
  const multiline = uiOptions.widget === 'textarea';
  const tabId = (langcode: string) => `${base}-tab-${langcode}`;
  const panelId = `${base}-panel`;

  const text = (langcode: string) => editing.value[langcode]?.[path] ?? '';

  return (
    <div className="translatable">
      {label}
      <LanguageTabs
        label={t.t('Languages of @field', { field: title })}
        languages={all}
        active={current.langcode}
        onSelect={setActive}
        tabId={tabId}
        panelId={panelId}
        missing={(langcode) =>
          langcode !== editing.defaultLanguage.langcode && text(langcode).trim() === ''
        }
        invalid={(langcode) => errorsOf(langcode).length > 0}
      />
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(current.langcode)}>
        {current.langcode === editing.defaultLanguage.langcode ? (
          // The default language's text reads in its own direction inside a page in another.
          <div lang={editing.defaultLanguage.langcode} dir={editing.defaultLanguage.dir}>
            {own}
          </div>
        ) : (
          <OtherLanguageText
            key={current.langcode}
            id={id}
            label={`${title} (${t.t(current.name)})`}
            language={current}
            multiline={multiline}
            rows={typeof uiOptions.rows === 'number' ? uiOptions.rows : 4}
            maxLength={props.schema.maxLength}
            disabled={Boolean(props.disabled || props.readonly)}
            value={text(current.langcode)}
            errors={errorsOf(current.langcode)}
            onChange={(value) =>
              editing.onChange(withText(editing.value, current.langcode, path, value))
            }
          />
        )}
      </div>
    </div>
  );
}

function OtherLanguageText(p: {
  id: string;
  label: string;
  language: FormLanguage;
  multiline: boolean;
  rows: number;
  maxLength: number | undefined;
  disabled: boolean;
  value: string;
  errors: readonly string[];
  onChange(value: string): void;
}) {
  const errorId = `${p.id}__translation_error`;
  const invalid = p.errors.length > 0;
  const common = {
    id: p.id,
    'aria-label': p.label,
    ...(invalid ? { 'aria-invalid': true, 'aria-describedby': errorId } : {}),
    lang: p.language.langcode,
    dir: p.language.dir,
    className: 'form-control',
    disabled: p.disabled,
    value: p.value,
    ...(p.maxLength === undefined ? {} : { maxLength: p.maxLength }),
  };
  const box = p.multiline ? (
    <textarea {...common} rows={p.rows} onChange={(event) => p.onChange(event.target.value)} />
  ) : (
    <input {...common} type="text" onChange={(event) => p.onChange(event.target.value)} />
  );
  return (
    <>
      {box}
      {invalid ? (
        <ul className="error-detail" id={errorId}>
          {p.errors.map((message) => (
            <li key={message} className="text-danger">
              {message}
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
