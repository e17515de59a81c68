import { useContext, useEffect, useRef, type ChangeEvent } from 'react';
import { ariaDescribedByIds, getUiOptions, type FieldProps, type WidgetProps } from '@rjsf/utils';
import { DateField, DateTimeField, TimeField, type TemporalFieldProps } from './date-field';
import { ObjectDataContext, widgetLabel, type FormContext } from './schema-form-templates';

/** One choice of a remote select: the value saved and its (already translated) label. */
export interface SchemaFormOption {
  value: string | number;
  label: string;
}

/** What a {@link SchemaFormSource} gives a remote select while its options load, or once they did. */
export interface SchemaFormOptions {
  options?: readonly SchemaFormOption[];
  /** Several values rather than one (else the schema's type decides: an array takes several). */
  multiple?: boolean;
  /** A label of the source's own for the field (e.g. the kind of value a sibling chose). */
  label?: string;
  isLoading: boolean;
  isError: boolean;
  /** Loads them again after an error. */
  retry?(): void;
}

/**
 * Where a remote select takes its options: a React hook (a TanStack Query hook, typically),
 * called with the values of the sibling fields named in `ui:options.dependsOn`.
 *
 * @example
 * const sources = { roles: () => { const q = useRoles(); return { options: q.data?.map(toOption),
 *   isLoading: q.isPending, isError: q.isError, retry: () => void q.refetch() }; } };
 */
export type SchemaFormSource = (params: Readonly<Record<string, unknown>>) => SchemaFormOptions;

const noSource: SchemaFormSource = () => ({ isLoading: false, isError: true });

function toOptionValue(raw: string, options: readonly SchemaFormOption[]) {
  return options.find((o) => String(o.value) === raw)?.value;
}

interface RemoteSelectProps {
  id: string;
  label: string;
  required: boolean;
  disabled: boolean;
  value: unknown;
  /** True when the schema takes a list of values. */
  arraySchema: boolean;
  uiOptions: Record<string, unknown>;
  formContext: FormContext;
  onChange: (value: unknown) => void;
}

function RemoteSelect(p: RemoteSelectProps) {
  const { t } = p.formContext;
  const siblings = useContext(ObjectDataContext) as Record<string, unknown> | undefined;
  const dependsOn = Array.isArray(p.uiOptions.dependsOn) ? (p.uiOptions.dependsOn as string[]) : [];
  const params = Object.fromEntries(dependsOn.map((key) => [key, siblings?.[key]]));
  const waiting = dependsOn.some((key) => params[key] === undefined || params[key] === '');
  const useSource = p.formContext.sources[String(p.uiOptions.source)] ?? noSource;
  const state = useSource(params);
  const multiple =
    typeof p.uiOptions.multiple === 'boolean'
      ? p.uiOptions.multiple
      : (state.multiple ?? p.arraySchema);
  const options = state.options ?? [];
  const label = state.label ? t.t(state.label) : p.label;

  // A value chosen for another sibling (another kind) is no value for this one.
  const paramsKey = JSON.stringify(params);
  const previous = useRef(paramsKey);
  const { onChange } = p;
  useEffect(() => {
    if (previous.current === paramsKey) return;
    previous.current = paramsKey;
    onChange(undefined);
  }, [paramsKey, onChange]);

  const star = p.required ? (
    <span className="required" title={t.t('This field is required')}>
      *
    </span>
  ) : null;
  const labelId = `${p.id}__label`;
  const status = state.isLoading ? (
    <p className="remote-status" role="status">
      {t.t('Loading options…')}
    </p>
  ) : state.isError && !waiting ? (
    <div className="remote-status remote-error" role="alert">
      {t.t('The options could not be loaded.')}
      {state.retry && (
        <button type="button" className="btn btn-array" onClick={() => state.retry?.()}>
          {t.t('Try again')}
        </button>
      )}
    </div>
  ) : null;

  if (multiple) {
    const chosen = Array.isArray(p.value) ? (p.value as unknown[]) : [];
    const toggle = (value: string | number, on: boolean) =>
      p.onChange(on ? [...chosen, value] : chosen.filter((v) => v !== value));
    return (
      <div
        className="checkbox-group"
        role="group"
        aria-labelledby={labelId}
        aria-busy={state.isLoading}
        id={p.id}
      >
        <span className="control-label" id={labelId}>
          {label}
          {star}
        </span>
        {status}
        {waiting ? <p className="field-description">{t.t('Choose the kind first.')}</p> : null}
        {options.map((option, i) => (
          <label key={String(option.value)} className="checkbox">
            <input
              type="checkbox"
              id={`${p.id}_${i}`}
              checked={chosen.includes(option.value)}
              disabled={p.disabled}
              onChange={(event) => toggle(option.value, event.target.checked)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    );
  }

  const current = typeof p.value === 'string' || typeof p.value === 'number' ? String(p.value) : '';
  return (
    <div className="remote-select">
      <label className="control-label" htmlFor={p.id} id={labelId}>
        {label}
        {star}
      </label>
      <select
        id={p.id}
        value={current}
        disabled={p.disabled || waiting || state.isLoading || state.isError}
        aria-busy={state.isLoading}
        aria-describedby={ariaDescribedByIds(p.id)}
        onChange={(event: ChangeEvent<HTMLSelectElement>) =>
          p.onChange(
            event.target.value === '' ? undefined : toOptionValue(event.target.value, options),
          )
        }
      >
        <option value="">{waiting ? t.t('Choose the kind first.') : t.t('- Select -')}</option>
        {/* A saved value the source no longer offers stays visible rather than vanish. */}
        {current && !options.some((o) => String(o.value) === current) && !state.isLoading ? (
          <option value={current}>{current}</option>
        ) : null}
        {options.map((option) => (
          <option key={String(option.value)} value={String(option.value)}>
            {option.label}
          </option>
        ))}
      </select>
      {status}
    </div>
  );
}

/**
 * `'ui:widget': 'remoteSelect'`: a select (or, for several values, a group of checkboxes) whose
 * options come from the source `ui:options.source` names among the form's `sources`. It shows
 * loading and error states, and clears its value when a sibling in `ui:options.dependsOn` changes.
 *
 * @example
 * uiSchema: { role: { 'ui:widget': 'remoteSelect', 'ui:options': { source: 'roles' } } }
 */
export function RemoteSelectWidget(props: WidgetProps) {
  const { t } = props.registry.formContext as FormContext;
  return (
    <RemoteSelect
      id={props.id}
      label={widgetLabel(props, t)}
      required={Boolean(props.required)}
      disabled={Boolean(props.disabled || props.readonly)}
      value={props.value as unknown}
      arraySchema={props.schema.type === 'array'}
      uiOptions={props.options}
      formContext={props.registry.formContext as FormContext}
      onChange={props.onChange}
    />
  );
}

/**
 * `'ui:field': 'remoteSelect'` (with `'ui:fieldReplacesAnyOrOneOf': true`): the same picker for
 * a value whose schema is an `anyOf` of one value or a list, such as an audience restriction's.
 */
export function RemoteSelectField(props: FieldProps) {
  const { t } = props.registry.formContext as FormContext;
  const uiOptions = getUiOptions(props.uiSchema);
  const { onChange, fieldPathId } = props;
  const title = uiOptions.title ?? props.schema.title ?? props.name;
  return (
    <RemoteSelect
      id={fieldPathId.$id}
      label={t.t(title)}
      required={Boolean(props.required)}
      disabled={Boolean(props.disabled || props.readonly)}
      value={props.formData as unknown}
      arraySchema={props.schema.type === 'array'}
      uiOptions={uiOptions}
      formContext={props.registry.formContext as FormContext}
      onChange={(value) => onChange(value, fieldPathId.path)}
    />
  );
}

/** A boolean: a checkbox with its (translated) label beside it, and its description under it. */
export function CheckboxWidget(props: WidgetProps) {
  const { t } = props.registry.formContext as FormContext;
  const { id, disabled, readonly, required, schema, options } = props;
  const value = props.value as unknown;
  const description = options.description ?? schema.description;
  return (
    <div className="checkbox-field">
      <label className="checkbox">
        <input
          type="checkbox"
          id={id}
          name={props.htmlName ?? id}
          checked={value === true}
          disabled={disabled || readonly}
          autoFocus={props.autofocus}
          aria-describedby={ariaDescribedByIds(id, Boolean(description))}
          onChange={(event) => props.onChange(event.target.checked)}
          onBlur={(event) => props.onBlur(id, event.target.checked)}
          onFocus={(event) => props.onFocus(id, event.target.checked)}
        />
        <span>
          {widgetLabel(props, t)}
          {required && schema.const === true ? (
            <span className="required" title={t.t('This field is required')}>
              *
            </span>
          ) : null}
        </span>
      </label>
      {description ? (
        <p className="field-description" id={`${id}__description`}>
          {t.t(description)}
        </p>
      ) : null}
    </div>
  );
}

/** A list of values from an enum: a group of checkboxes, labelled by the field's label. */
export function CheckboxesWidget(props: WidgetProps) {
  const { id, disabled, readonly, options } = props;
  const value = props.value as unknown;
  const chosen = Array.isArray(value) ? (value as unknown[]) : [];
  const enumOptions = options.enumOptions ?? [];
  const order = (list: unknown[]) =>
    enumOptions.map((o) => o.value as unknown).filter((v) => list.includes(v));
  return (
    <div className="checkbox-group" role="group" aria-labelledby={`${id}__label`} id={id}>
      {enumOptions.map((option, i) => (
        <label key={String(option.value)} className="checkbox">
          <input
            type="checkbox"
            id={`${id}_${i}`}
            checked={chosen.includes(option.value)}
            disabled={
              disabled || readonly || options.enumDisabled?.includes(option.value as string)
            }
            onChange={(event) =>
              props.onChange(
                order(
                  event.target.checked
                    ? [...chosen, option.value]
                    : chosen.filter((v) => v !== option.value),
                ),
              )
            }
          />
          <span>{option.label}</span>
        </label>
      ))}
    </div>
  );
}

/** What a date, time or date-time widget hands its field. */
function temporalProps(props: WidgetProps): TemporalFieldProps {
  const { id } = props;
  return {
    id,
    value: typeof props.value === 'string' ? props.value : '',
    required: props.required,
    disabled: props.disabled,
    readOnly: props.readonly,
    autoFocus: props.autofocus,
    'aria-describedby': ariaDescribedByIds(id),
    // Once the form has a message for the field it says so itself.
    showError: !props.rawErrors?.length,
    'aria-invalid': Boolean(props.rawErrors?.length),
    // Text that reads as no date is kept as typed, so the schema's format refuses it.
    onChange: (value, text) => props.onChange(value === null ? text : value || undefined),
    onBlur: () => props.onBlur(id, props.value),
    onFocus: () => props.onFocus(id, props.value),
  };
}

/**
 * `format: 'date-time'`: typed in the site's date and time formats on the viewer's wall clock
 * (the user's time zone, else the site's), not the browser's; saved as an instant in UTC.
 */
export function DateTimeWidget(props: WidgetProps) {
  return <DateTimeField {...temporalProps(props)} />;
}

/** `format: 'date'`: a calendar date (no time zone) typed in the site's date format. */
export function DateWidget(props: WidgetProps) {
  return <DateField {...temporalProps(props)} />;
}

/** `format: 'time'`: a wall-clock time `HH:MM` typed on the site's clock. */
export function TimeWidget(props: WidgetProps) {
  return <TimeField {...temporalProps(props)} />;
}
