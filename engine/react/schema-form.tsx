import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import Form from '@rjsf/core';
import {
  englishStringTranslator,
  type ErrorSchema,
  type RJSFSchema,
  type RJSFValidationError,
  type UiSchema,
} from '@rjsf/utils';
import { bracketToDotted, translatablePaths, type ApiRequestError, type Translator } from '../core';
import {
  FormTranslationsContext,
  TranslatableField,
  type FormTranslations,
} from './translatable-field';
import { unreadableMessage } from './date-field';
import { useT } from './i18n';
import {
  ArrayFieldItemButtonsTemplate,
  ArrayFieldItemTemplate,
  ArrayFieldTemplate,
  BaseInputTemplate,
  buttonTemplates,
  FieldTemplate,
  MultiSchemaFieldTemplate,
  ObjectFieldTemplate,
  TitleFieldTemplate,
  type FormContext,
} from './schema-form-templates';
import { schemaFormValidator } from './schema-form-validator';
import {
  CheckboxesWidget,
  CheckboxWidget,
  DateTimeWidget,
  DateWidget,
  RemoteSelectField,
  RemoteSelectWidget,
  TimeWidget,
  type SchemaFormSource,
} from './schema-form-widgets';
import './schema-form.css';

export type { FormLanguage, FormTranslations } from './translatable-field';

/** Props of {@link SchemaForm}. @example { schema: profileFormSchema, onSubmit: save } */
export interface SchemaFormProps<T> {
  /** A JSON Schema from `schemas/` (`as const` objects are accepted). */
  schema: object;
  uiSchema?: UiSchema;
  /** The data the form starts from; it is read once (a new `key` starts the form again). */
  formData?: T;
  onSubmit(data: T): Promise<void> | void;
  /** The last failed save; its field messages are shown on their fields. */
  serverErrors?: ApiRequestError | null;
  /** English source of the submit button label; default "Save". */
  submitLabel?: string;
  disabled?: boolean;
  /** More buttons after the submit button (e.g. Cancel). */
  actions?: ReactNode;
  /** Called with the data on every change. */
  onChange?(data: T): void;
  /**
   * Only the fields, for a part of a form of the page's own (forms do not nest): rendered in a
   * `<div>` without a submit button, validated as they change; the page reads them through
   * `onChange` and submits them with the rest. `onSubmit` is then never called.
   */
  fieldsOnly?: boolean;
  /** The start of the fields' ids (default `root`): several forms on one page need their own. */
  idPrefix?: string;
  /**
   * Where `remoteSelect` widgets and fields take their options, by the key their
   * `ui:options.source` names (see {@link SchemaFormSource}).
   */
  sources?: Readonly<Record<string, SchemaFormSource>>;
  /**
   * The texts in the site's other languages of the fields the schema declares
   * `x-translatable`: each such field then has a tab per language.
   */
  translations?: FormTranslations;
}

const templates = {
  FieldTemplate,
  TitleFieldTemplate,
  ObjectFieldTemplate,
  ArrayFieldTemplate,
  ArrayFieldItemTemplate,
  ArrayFieldItemButtonsTemplate,
  BaseInputTemplate,
  MultiSchemaFieldTemplate,
  ButtonTemplates: buttonTemplates,
};

const widgets = {
  CheckboxWidget,
  CheckboxesWidget,
  DateWidget,
  DateTimeWidget,
  TimeWidget,
  remoteSelect: RemoteSelectWidget,
};

const fields = { remoteSelect: RemoteSelectField, translatable: TranslatableField };

/** The uiSchema with the translatable field at each path the schema declares one. */
function withTranslatableFields(schema: object, ui: UiSchema | undefined): UiSchema | undefined {
  const paths = translatablePaths(schema);
  if (!paths.length) return ui;
  const out: UiSchema = { ...ui };
  for (const path of paths) {
    let node = out as Record<string, unknown>;
    const keys = path.split('.');
    keys.forEach((key, i) => {
      const next = { ...(node[key] as Record<string, unknown> | undefined) };
      if (i === keys.length - 1) next['ui:field'] = 'translatable';
      node[key] = next;
      node = next;
    });
  }
  return out;
}

const noSources: Readonly<Record<string, SchemaFormSource>> = {};

/** rjsf's `property` (`.a.b`, `.a[0]`, `['x-y']`) as path segments. */
function propertyPath(property: string | undefined): string[] {
  if (!property) return [];
  return property
    .replace(/\[['"]?([^\]'"]+)['"]?\]/g, '.$1')
    .split('.')
    .filter(Boolean);
}

function valueAt(data: unknown, path: string[]): unknown {
  let value = data;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** Default wording for schema errors (all translated). */
function describeError(error: RJSFValidationError, data: unknown, t: Translator): string {
  const params = (error.params ?? {}) as Record<string, unknown>;
  const limit = Number(params.limit);
  switch (error.name) {
    case 'required':
      return t.t('Required');
    case 'type': {
      const expected = Array.isArray(params.type) ? params.type.join(' | ') : String(params.type);
      return t.t('Expected @expected, received @received', {
        expected,
        received: typeName(valueAt(data, propertyPath(error.property))),
      });
    }
    case 'minLength':
      return limit <= 1
        ? t.t('Required')
        : t.plural(
            limit,
            'Must be at least @count character',
            'Must be at least @count characters',
          );
    case 'maxLength':
      return t.plural(
        limit,
        'Must be at most @count character',
        'Must be at most @count characters',
      );
    case 'minimum':
      return t.t('Must be at least @limit', { limit });
    case 'maximum':
      return t.t('Must be at most @limit', { limit });
    case 'minItems':
      return limit <= 1
        ? t.t('Required')
        : t.plural(limit, 'Choose at least @count item', 'Choose at least @count items');
    case 'maxItems':
      return t.plural(limit, 'Choose at most @count item', 'Choose at most @count items');
    case 'format':
      // A date the field could not read says how to write one, as the field itself does.
      if (params.format === 'date' || params.format === 'date-time' || params.format === 'time')
        return unreadableMessage(params.format, t);
      return t.t('Invalid input');
    default:
      // enum, pattern, const, oneOf and the rest read best as one generic message.
      return t.t('Invalid input');
  }
}

/**
 * The validator registers each schema by `$id` and refuses an `$id` that repeats inside one schema
 * (schemas here embed each other by value), so forms get copies without them.
 */
function stripIds(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(stripIds);
  if (typeof node !== 'object' || node === null) return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key]) => key !== '$id')
      .map(([key, value]) => [key, stripIds(value)]),
  );
}

const translatedUiKeys = new Set(['ui:help', 'ui:title', 'ui:description', 'ui:placeholder']);

/** A uiSchema with its help, titles, descriptions, placeholders and option names translated. */
function translateUi(node: unknown, t: Translator): unknown {
  if (Array.isArray(node)) return node.map((item) => translateUi(item, t));
  if (typeof node !== 'object' || node === null) return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => {
      if (translatedUiKeys.has(key) && typeof value === 'string') return [key, t.t(value)];
      if (key === 'ui:enumNames' && Array.isArray(value))
        return [key, (value as unknown[]).map((v) => (typeof v === 'string' ? t.t(v) : v))];
      return [key, translateUi(value, t)];
    }),
  );
}

/** Where the server puts messages about texts in other languages: `translations[ar][title]`. */
const TRANSLATION_PATH = /^translations\.([^.]+)\.(.+)$/;

/** The server's messages about texts in other languages, by language and field path. */
function translationErrors(
  error: ApiRequestError | null | undefined,
): Record<string, Record<string, string[]>> | undefined {
  const found: Record<string, Record<string, string[]>> = {};
  for (const { path, text } of error?.messages ?? []) {
    const match = TRANSLATION_PATH.exec(bracketToDotted(path));
    if (!match) continue;
    const [, langcode, field] = match as unknown as [string, string, string];
    ((found[langcode] ??= {})[field] ??= []).push(text);
  }
  return Object.keys(found).length ? found : undefined;
}

/** Server messages as an rjsf error schema keyed by dotted field paths. */
function serverErrorSchema(error: ApiRequestError | null | undefined): ErrorSchema | undefined {
  if (!error?.messages.length) return undefined;
  const root: Record<string, unknown> = {};
  for (const { path, text } of error.messages) {
    if (TRANSLATION_PATH.test(bracketToDotted(path))) continue;
    let node = root;
    for (const key of bracketToDotted(path).split('.').filter(Boolean)) {
      node[key] ??= {};
      node = node[key] as Record<string, unknown>;
    }
    const list = (node.__errors ??= []) as string[];
    list.push(text);
  }
  return root as ErrorSchema;
}

/**
 * A form rendered from a JSON Schema with rjsf. It validates on submit, then again on every
 * change; shows default wording (Required, Invalid input, Expected X, received Y); puts the
 * server's field messages (bracket paths) on their fields; marks required fields with a star
 * titled "This field is required"; translates labels, titles and messages.
 *
 * @example
 * <SchemaForm<ProfileForm>
 *   schema={profileFormSchema}
 *   uiSchema={profileUiSchema}
 *   formData={user.profile}
 *   serverErrors={mutation.error}
 *   onSubmit={(data) => mutation.mutateAsync(data)}
 * />
 */
export function SchemaForm<T>(p: SchemaFormProps<T>) {
  const t = useT();
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  // The form holds its data itself (rjsf's uncontrolled form), from the data it was first given:
  // handing each change back to it as `formData` would render every field a second time per
  // keystroke. The latest data is remembered for the error messages.
  const [initialData] = useState(p.formData);
  const dataRef = useRef<unknown>(p.formData);
  const schema = useMemo(() => stripIds(p.schema) as RJSFSchema, [p.schema]);
  const translating = p.translations !== undefined;
  const uiSchema = useMemo(() => {
    const translated = p.uiSchema ? (translateUi(p.uiSchema, t) as UiSchema) : undefined;
    return translating ? withTranslatableFields(p.schema, translated) : translated;
  }, [p.uiSchema, p.schema, t, translating]);
  const extraErrors = useMemo(() => serverErrorSchema(p.serverErrors), [p.serverErrors]);
  const translations = useMemo(() => {
    const errors = translationErrors(p.serverErrors);
    return p.translations && errors ? { ...p.translations, errors } : p.translations;
  }, [p.translations, p.serverErrors]);
  const sources = p.sources ?? noSources;
  const formContext = useMemo<FormContext>(() => ({ t, sources }), [t, sources]);

  const transformErrors = useCallback(
    (errors: RJSFValidationError[]) =>
      errors.map((error) => ({ ...error, message: describeError(error, dataRef.current, t) })),
    [t],
  );
  const translateString = useCallback(
    (key: Parameters<typeof englishStringTranslator>[0], params?: string[]) =>
      t.t(englishStringTranslator(key, params)),
    [t],
  );

  const generalMessage: ReactNode =
    p.serverErrors && !p.serverErrors.messages.length ? (
      <div role="alert" className="form-error">
        {p.serverErrors.message}
      </div>
    ) : null;

  return (
    <FormTranslationsContext.Provider value={translations}>
      <Form
        schema={schema}
        {...(uiSchema ? { uiSchema } : {})}
        {...(initialData === undefined ? {} : { initialFormData: initialData })}
        validator={schemaFormValidator}
        formContext={formContext}
        templates={templates}
        widgets={widgets}
        fields={fields}
        // A `const` among options is a choice, not a default: empty fields stay empty.
        experimental_defaultFormStateBehavior={{ constAsDefaults: 'never' }}
        translateString={translateString}
        transformErrors={transformErrors}
        {...(extraErrors ? { extraErrors } : {})}
        {...(submitted || p.fieldsOnly ? { liveValidate: 'onChange' as const } : {})}
        {...(p.fieldsOnly ? { tagName: 'div' } : {})}
        {...(p.idPrefix ? { idPrefix: p.idPrefix } : {})}
        showErrorList={false}
        noHtml5Validate
        focusOnFirstError
        disabled={p.disabled}
        onChange={(event) => {
          dataRef.current = event.formData;
          p.onChange?.(event.formData as T);
        }}
        onError={() => setSubmitted(true)}
        onSubmit={(event) => {
          setSubmitted(true);
          setBusy(true);
          // A failed save reaches the form again through `serverErrors`; nothing to do with it here.
          Promise.resolve(p.onSubmit(event.formData as T))
            .catch(() => undefined)
            .finally(() => setBusy(false));
        }}
      >
        {generalMessage}
        {p.fieldsOnly ? null : (
          <div className="form-actions">
            <button
              type="submit"
              className="btn btn-primary"
              disabled={p.disabled || busy}
              aria-busy={busy}
            >
              {t.t(p.submitLabel ?? 'Save')}
            </button>
            {p.actions}
          </div>
        )}
      </Form>
    </FormTranslationsContext.Provider>
  );
}
