import { cloneElement, createContext, isValidElement, type ReactElement } from 'react';
import { getDefaultRegistry } from '@rjsf/core';
import {
  getTemplate,
  getUiOptions,
  titleId,
  type ArrayFieldItemButtonsTemplateProps,
  type ArrayFieldItemTemplateProps,
  type ArrayFieldTemplateProps,
  type BaseInputTemplateProps,
  type FieldPathId,
  type FieldTemplateProps,
  type IconButtonProps,
  type MultiSchemaFieldTemplateProps,
  type ObjectFieldTemplateProps,
  type RJSFSchema,
  type SubmitButtonProps,
  type TitleFieldProps,
  type UiSchema,
  type WidgetProps,
} from '@rjsf/utils';
import type { Translator } from '../core';
import type { SchemaFormSource } from './schema-form-widgets';

/** What the form hands its templates, widgets and fields through rjsf's `formContext`. */
export interface FormContext {
  t: Translator;
  sources: Readonly<Record<string, SchemaFormSource>>;
}

/** The data of the object whose properties are being drawn: widgets read their siblings there. */
export const ObjectDataContext = createContext<unknown>(undefined);

/** Widgets and fields that draw their own label (beside a checkbox, or above a group of them). */
const OWN_LABEL = new Set(['checkbox', 'remoteSelect']);

function RequiredStar(p: { t: Translator }) {
  return (
    <span className="required" title={p.t.t('This field is required')}>
      *
    </span>
  );
}

/** Whether a field is an item of an array (its path ends with an index). */
function isArrayItem(fieldPathId: FieldPathId | undefined): boolean {
  const path = fieldPathId?.path;
  return typeof path?.[path.length - 1] === 'number';
}

function itemIndex(fieldPathId: FieldPathId): number {
  const path = fieldPathId.path;
  return Number(path[path.length - 1]);
}

/** The English title of an array's items: the item's `ui:title` or `title`, else "Item". */
function itemTitle(schema: RJSFSchema | undefined, uiSchema: UiSchema | undefined, t: Translator) {
  const ui = uiSchema?.['ui:title'];
  // `ui:title` arrives translated already (see translateUi); a schema title does not.
  if (typeof ui === 'string' && ui) return ui;
  return t.t(typeof schema?.title === 'string' && schema.title ? schema.title : 'Item');
}

/** "Level 2": an item's title and its number, counted from 1. */
function itemHeading(
  schema: RJSFSchema | undefined,
  uiSchema: UiSchema | undefined,
  index: number,
  t: Translator,
): string {
  return t.t('@item @number', { item: itemTitle(schema, uiSchema, t), number: index + 1 });
}

/**
 * The (translated) label of a widget that draws its own: rjsf labels a list's items with the
 * list's title and a number ("Flags-1"); they read "Item 1", or their own title and number.
 */
export function widgetLabel(props: WidgetProps, t: Translator): string {
  const index = /_(\d+)$/.exec(props.id)?.[1];
  if (index !== undefined && /-\d+$/.test(props.label))
    return itemHeading(props.schema, props.uiSchema, Number(index), t);
  return t.t(props.label);
}

export function FieldTemplate(props: FieldTemplateProps) {
  const {
    id,
    label,
    children,
    errors,
    help,
    description,
    hidden,
    required,
    displayLabel,
    registry,
    uiSchema,
    schema,
    fieldPathId,
  } = props;
  const { t } = registry.formContext as FormContext;
  const uiOptions = getUiOptions(uiSchema);
  const WrapIfAdditionalTemplate = getTemplate('WrapIfAdditionalTemplate', registry, uiOptions);
  if (hidden) return <div className="hidden">{children}</div>;
  const ownLabel =
    OWN_LABEL.has(String(uiOptions.widget ?? '')) || OWN_LABEL.has(String(uiOptions.field ?? ''));
  // An `anyOf`/`oneOf` wraps a picker labelled with the field's title and the chosen option's
  // own field, whose label has this field's id: a label here would name the input twice.
  const wrapsOptions =
    Boolean(schema.anyOf ?? schema.oneOf) &&
    uiOptions.fieldReplacesAnyOrOneOf !== true &&
    !registry.schemaUtils.isSelect(schema);
  const showLabel = displayLabel && !ownLabel && !wrapsOptions && Boolean(label);
  // rjsf names an array's items "List-1"; they read "Level 1" here.
  const item = isArrayItem(fieldPathId);
  const text = item ? itemHeading(schema, uiSchema, itemIndex(fieldPathId), t) : t.t(label);
  return (
    <WrapIfAdditionalTemplate {...props}>
      {showLabel && (
        <label className="control-label" htmlFor={id} id={`${id}__label`}>
          {text}
          {/* rjsf calls every item required: an item that is there is no choice to make. */}
          {required && !item && <RequiredStar t={t} />}
        </label>
      )}
      {displayLabel && !ownLabel && description ? description : null}
      {children}
      {errors}
      {help}
    </WrapIfAdditionalTemplate>
  );
}

const CoreBaseInputTemplate = getDefaultRegistry().templates.BaseInputTemplate;

/** Inputs whose text takes its direction from what is written in it. */
const WRITTEN_TYPES = new Set(['text', 'email', 'url', 'search']);

/**
 * rjsf's text, number and other inputs, without the `label` attribute rjsf leaves on the
 * element (a `label` attribute of "Tags-1" on a list's items): the `<label>` of
 * {@link FieldTemplate} names them. A text reads in its own direction (`dir="auto"`): an
 * address or an English name stays left to right in an Arabic form, Arabic right to left
 * (a translatable text takes its language's).
 */
export function BaseInputTemplate(props: BaseInputTemplateProps) {
  const type: unknown = props.type;
  // A translatable text is in a declared language, whose direction its field sets.
  const translatable = (props.schema as Record<string, unknown>)['x-translatable'] === true;
  const written = !translatable && (typeof type !== 'string' || WRITTEN_TYPES.has(type));
  return (
    <CoreBaseInputTemplate
      {...props}
      {...(written ? { dir: 'auto' } : {})}
      label={undefined as unknown as string}
    />
  );
}

export function TitleFieldTemplate(props: TitleFieldProps) {
  const { id, title, required, registry, optionalDataControl } = props;
  const { t } = registry.formContext as FormContext;
  return (
    <legend id={id}>
      {t.t(title)}
      {required && <RequiredStar t={t} />}
      {optionalDataControl}
    </legend>
  );
}

/** An object's fields; an array item's object is headed by its title and number ("Level 2"). */
export function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const { description, fieldPathId, properties, registry, required, schema, uiSchema } = props;
  const formData: unknown = props.formData;
  const { t } = registry.formContext as FormContext;
  const options = getUiOptions(uiSchema);
  const DescriptionFieldTemplate = getTemplate('DescriptionFieldTemplate', registry, options);
  if ((schema.oneOf || schema.anyOf) && !schema.properties && properties.length === 0) return null;
  const item = isArrayItem(fieldPathId);
  const title = item
    ? itemHeading(schema, uiSchema, itemIndex(fieldPathId), t)
    : props.title
      ? t.t(props.title)
      : '';
  return (
    <fieldset className={props.className} id={fieldPathId.$id}>
      {title && (
        <legend id={titleId(fieldPathId)} className={item ? 'array-item-title' : undefined}>
          {title}
          {required && !item && <RequiredStar t={t} />}
        </legend>
      )}
      {description && (
        <DescriptionFieldTemplate
          id={`${fieldPathId.$id}__description`}
          description={typeof description === 'string' ? t.t(description) : description}
          schema={schema}
          uiSchema={uiSchema}
          registry={registry}
        />
      )}
      <ObjectDataContext.Provider value={formData}>
        {properties.map((p) => p.content)}
      </ObjectDataContext.Provider>
    </fieldset>
  );
}

/**
 * An array: its title, its numbered items, a text when it is empty, and an add button named
 * after the items ("Add level": `ui:options.addLabel`, or the item title through "Add @item").
 */
export function ArrayFieldTemplate(props: ArrayFieldTemplateProps) {
  const { canAdd, disabled, fieldPathId, items, onAddClick, readonly, registry, required } = props;
  const { t } = registry.formContext as FormContext;
  const { schema, uiSchema } = props;
  const uiOptions = getUiOptions(uiSchema);
  const title = uiOptions.title ?? props.title;
  const description = uiOptions.description ?? schema.description;
  const itemSchema =
    typeof schema.items === 'object' && !Array.isArray(schema.items)
      ? (schema.items as RJSFSchema)
      : undefined;
  const item = itemTitle(itemSchema, uiSchema?.items as UiSchema | undefined, t);
  const addLabel =
    typeof uiOptions.addLabel === 'string'
      ? t.t(uiOptions.addLabel)
      : // English nouns go lower case inside a sentence ("Add level"); other languages keep theirs.
        t.t('Add @item', { item: t.language.startsWith('en') ? lowerFirst(item) : item });
  const empty =
    typeof uiOptions.emptyText === 'string' ? t.t(uiOptions.emptyText) : t.t('None yet.');
  const headingId = titleId(fieldPathId);
  return (
    <fieldset className="array-field" id={fieldPathId.$id}>
      {title && (
        <legend id={headingId}>
          {t.t(title)}
          {required && <RequiredStar t={t} />}
        </legend>
      )}
      {description && <p className="field-description">{t.t(description)}</p>}
      {items.length ? (
        <ol className="array-items">{items}</ol>
      ) : (
        <p className="array-empty">{empty}</p>
      )}
      {canAdd && (
        <button
          type="button"
          id={`${fieldPathId.$id}__add`}
          className="btn btn-array btn-array-add"
          onClick={onAddClick}
          disabled={disabled || readonly}
        >
          <span aria-hidden="true" className="btn-icon">
            +
          </span>
          {addLabel}
        </button>
      )}
    </fieldset>
  );
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** One item of an array, with its buttons after it. */
export function ArrayFieldItemTemplate(props: ArrayFieldItemTemplateProps) {
  const { children, buttonsProps, hasToolbar, registry, uiSchema } = props;
  const ButtonsTemplate = getTemplate(
    'ArrayFieldItemButtonsTemplate',
    registry,
    getUiOptions(uiSchema),
  );
  return (
    <li className="array-item">
      <div className="array-item-body">{children}</div>
      {hasToolbar && (
        <div className="array-item-toolbox">
          <ButtonsTemplate {...buttonsProps} />
        </div>
      )}
    </li>
  );
}

/** Icons drawn with CSS-free SVG so that they need no icon font; mirrored where direction matters. */
const icons = {
  up: 'M12 5l-7 7h4v7h6v-7h4z',
  down: 'M12 19l7-7h-4V5H9v7H5z',
  copy: 'M8 8h11v11H8zM5 5h11v2H7v9H5z',
  remove: 'M6 7h12l-1 13H7zM9 4h6l1 2H8z',
} as const;

function IconButton(p: {
  icon: keyof typeof icons;
  label: string;
  onClick: (event: unknown) => void;
  disabled: boolean | undefined;
  id: string;
  danger?: boolean;
}) {
  return (
    <button
      type="button"
      id={p.id}
      className={`btn btn-icon-only${p.danger ? ' btn-array-remove' : ''}`}
      aria-label={p.label}
      title={p.label}
      onClick={p.onClick}
      disabled={p.disabled}
    >
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        <path d={icons[p.icon]} fill="currentColor" />
      </svg>
    </button>
  );
}

/** Move up, move down, copy and remove as icon buttons named after their item ("Remove Level 2"). */
export function ArrayFieldItemButtonsTemplate(props: ArrayFieldItemButtonsTemplateProps) {
  const { disabled, readonly, hasCopy, hasMoveDown, hasMoveUp, hasRemove, fieldPathId } = props;
  const { registry, schema, uiSchema, index } = props;
  const { t } = registry.formContext as FormContext;
  const item = itemHeading(schema, uiSchema, index, t);
  const off = disabled || readonly;
  const id = (what: string) => `${fieldPathId.$id}__${what}`;
  return (
    <>
      {(hasMoveUp || hasMoveDown) && (
        <IconButton
          icon="up"
          id={id('moveUp')}
          label={t.t('Move @item up', { item })}
          onClick={props.onMoveUpItem}
          disabled={off || !hasMoveUp}
        />
      )}
      {(hasMoveUp || hasMoveDown) && (
        <IconButton
          icon="down"
          id={id('moveDown')}
          label={t.t('Move @item down', { item })}
          onClick={props.onMoveDownItem}
          disabled={off || !hasMoveDown}
        />
      )}
      {hasCopy && (
        <IconButton
          icon="copy"
          id={id('copy')}
          label={t.t('Copy @item', { item })}
          onClick={props.onCopyItem}
          disabled={off}
        />
      )}
      {hasRemove && (
        <IconButton
          icon="remove"
          id={id('remove')}
          label={t.t('Remove @item', { item })}
          onClick={props.onRemoveItem}
          disabled={off}
          danger
        />
      )}
    </>
  );
}

/** What an untitled `anyOf`/`oneOf` option holds, in words (English sources). */
function describeOption(option: RJSFSchema): string {
  const type = Array.isArray(option.type) ? option.type[0] : option.type;
  switch (type) {
    case 'string':
      return 'Text';
    case 'number':
    case 'integer':
      return 'Number';
    case 'boolean':
      return 'Yes or no';
    case 'array':
      return 'List';
    case 'null':
      return 'None';
    default:
      return 'Details';
  }
}

/**
 * The picker of an `anyOf`/`oneOf` field, labelled with the field's title, its options named
 * by their (translated) titles, or by what they hold when they have none; never "Option 1".
 */
export function MultiSchemaFieldTemplate(props: MultiSchemaFieldTemplateProps) {
  const { selector, optionSchemaField, schema, uiSchema, registry } = props;
  const { t } = registry.formContext as FormContext;
  const options = ((schema.anyOf ?? schema.oneOf ?? []) as RJSFSchema[]).map((o) =>
    typeof o === 'object' ? o : {},
  );
  const uiOptions = (uiSchema?.anyOf ?? uiSchema?.oneOf ?? []) as UiSchema[];
  const title = getUiOptions(uiSchema).title ?? schema.title;
  let picker = selector;
  let pickerId: string | undefined;
  if (isValidElement(selector)) {
    const element = selector as ReactElement<{ id: string; options: Record<string, unknown> }>;
    pickerId = element.props.id;
    const enumOptions = options.map((option, index) => {
      const ui = getUiOptions(uiOptions[index]).title;
      return { value: index, label: ui ?? t.t(option.title ?? describeOption(option)) };
    });
    picker = cloneElement(element, {
      options: { ...element.props.options, enumOptions },
    });
  }
  return (
    <div className="multi-schema">
      {picker && (
        <div className="form-group">
          <label className="control-label" htmlFor={pickerId}>
            {title ? t.t(title) : t.t('Kind')}
          </label>
          {picker}
        </div>
      )}
      {optionSchemaField}
    </div>
  );
}

/** The add button of objects with free keys; arrays draw their own. */
function AddButton(props: IconButtonProps) {
  const { registry, onClick, disabled, id } = props;
  const { t } = registry.formContext as FormContext;
  return (
    <button type="button" id={id} className="btn btn-array" onClick={onClick} disabled={disabled}>
      {t.t('Add')}
    </button>
  );
}

export const buttonTemplates = {
  AddButton,
  // The form draws its own submit button; rjsf's is never shown.
  SubmitButton: (_: SubmitButtonProps) => null,
};
