import { isHtmlSchema } from '@engine/core';
import { sectionFieldRoles, type SectionPartSchema } from '@schemas/config/section-type.schema';

/** How the generic renderer shows one content field. */
export type FieldRole = (typeof sectionFieldRoles)[number];

/** One piece of a section's content, ready to show, in the order the section shows them. */
export type ContentBlock =
  | { kind: 'heading' | 'text' | 'caption'; key: string; text: string }
  | { kind: 'quote'; key: string; text: string; captions: string[] }
  | { kind: 'html'; key: string; html: string }
  | { kind: 'image'; key: string; url: string; alt: string; small: boolean }
  | { kind: 'link'; key: string; label: string; url: string };

type Json = Readonly<Record<string, unknown>>;

const isRecord = (v: unknown): v is Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');
const isRole = (v: unknown): v is FieldRole =>
  typeof v === 'string' && (sectionFieldRoles as readonly string[]).includes(v);
const URL_FORMATS = new Set(['uri', 'uri-reference', 'iri', 'iri-reference']);

/** A field's role: the one its uiSchema gives (`'ui:role'`), else what its schema suggests. */
function roleOf(key: string, schema: unknown, ui: unknown): FieldRole {
  const declared = isRecord(ui) ? ui['ui:role'] : undefined;
  if (isRole(declared)) return declared;
  if (!isRecord(schema)) return 'hidden';
  if (isHtmlSchema(schema)) return 'html';
  if (schema.type === 'object' && isRecord(schema.properties)) {
    const fields = schema.properties;
    if ('url' in fields && 'alt' in fields) return 'image';
    if ('url' in fields && 'label' in fields) return 'link';
    return 'hidden';
  }
  // A choice among values configures the section; it is not something to read.
  if (schema.type !== 'string' || 'enum' in schema || 'const' in schema) return 'hidden';
  if (typeof schema.format === 'string' && URL_FORMATS.has(schema.format)) return 'link';
  return key === 'heading' ? 'heading' : 'text';
}

/** The content's fields in the order the uiSchema gives (`'ui:order'`, rjsf's), else the schema's. */
function fieldOrder(schema: SectionPartSchema, ui: Json): string[] {
  const keys = Object.keys(schema.properties);
  const order = ui['ui:order'];
  if (!Array.isArray(order)) return keys;
  const named = order.filter((k): k is string => typeof k === 'string' && keys.includes(k));
  const rest = keys.filter((k) => !named.includes(k));
  const star = order.indexOf('*');
  return star < 0 ? [...named, ...rest] : [...named.slice(0, star), ...rest, ...named.slice(star)];
}

/** The block one field shows, or null when it has nothing to show. */
function blockOf(key: string, role: FieldRole, value: unknown, ui: unknown): ContentBlock | null {
  switch (role) {
    case 'hidden':
      return null;
    case 'html':
      return typeof value === 'string' && value.trim() ? { kind: 'html', key, html: value } : null;
    case 'image': {
      const url = isRecord(value) ? text(value.url) : text(value);
      const alt = isRecord(value) ? text(value.alt) : '';
      const options = isRecord(ui) && isRecord(ui['ui:options']) ? ui['ui:options'] : {};
      return url ? { kind: 'image', key, url, alt, small: options.size === 'small' } : null;
    }
    case 'link': {
      const url = isRecord(value) ? text(value.url) : text(value);
      const label = isRecord(value) ? text(value.label) : url;
      return url && label ? { kind: 'link', key, label, url } : null;
    }
    case 'quote': {
      const quote = text(value);
      return quote ? { kind: 'quote', key, text: quote, captions: [] } : null;
    }
    default: {
      const shown = text(value);
      return shown ? { kind: role, key, text: shown } : null;
    }
  }
}

/**
 * What a section's content shows, read from its type's content schema and uiSchema: one block
 * per field with something to show, in field order; a caption right after a quote becomes that
 * quote's attribution.
 *
 * @example
 * contentBlocks(testimonial.content, testimonial.ui?.content, { quote: 'Great', author: 'Ada' });
 * // [{ kind: 'quote', key: 'quote', text: 'Great', captions: ['Ada'] }]
 */
export function contentBlocks(
  schema: SectionPartSchema,
  ui: Json | undefined,
  content: Json,
): ContentBlock[] {
  const uiOf = ui ?? {};
  const blocks: ContentBlock[] = [];
  for (const key of fieldOrder(schema, uiOf)) {
    const fieldUi = uiOf[key];
    const block = blockOf(key, roleOf(key, schema.properties[key], fieldUi), content[key], fieldUi);
    if (!block) continue;
    const previous = blocks.at(-1);
    if (block.kind === 'caption' && previous?.kind === 'quote') previous.captions.push(block.text);
    else blocks.push(block);
  }
  return blocks;
}
