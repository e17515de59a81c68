import type { Ajv, ValidateFunction } from 'ajv';
import type { StorefrontPatch } from '@schemas/entities/storefront.schema';
import type { SectionTypeDeclaration } from '@schemas/config/section-type.schema';
import { sectionTypes } from '@schemas/storefront/section-types';
import { mapHtmlFields } from '@engine/core';
import { assertJsonSchema, validationMessages, type FieldMessage } from '@engine/server';
import { routeAjv } from './route-ajv';
import { sanitizeAdminHtml } from './sanitize';

type Part = 'content' | 'settings' | 'appearance';
const PARTS: readonly Part[] = ['content', 'settings', 'appearance'];

interface CompiledType {
  declaration: SectionTypeDeclaration;
  validate: Record<Part, ValidateFunction>;
}

/** A section as the server handles it: its type and its data. */
interface TypedSection {
  type: string;
  data: { content: Record<string, unknown> };
}

/**
 * The server's side of the declared section types: how a section of each is validated, cleaned
 * and served comes from its declaration alone, never from its type's name.
 */
export interface SectionTypeRegistry {
  /**
   * Validates every section of a storefront PATCH against its type's schemas and allowed
   * restriction types. Coerces form-encoded values and fills in defaults in place. Returns field
   * messages with bracket paths (`sections[2][data][content][heading]`).
   */
  validate(sections: StorefrontPatch['sections']): FieldMessage[];
  /** The section with every content field its type marks as HTML sanitized (a copy when changed). */
  sanitized<S extends TypedSection>(section: S): S;
  /** What a section of the type lists (its content is then that listing's query), if anything. */
  listing(type: string): SectionTypeDeclaration['lists'];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The storefront section types the server accepts (`BuildAppOptions.sectionTypes`). */
    sectionTypes: SectionTypeRegistry;
  }
}

/** A declared schema, checked against the JSON Schema meta-schema, compiled. */
function checkedCompile(ajv: Ajv, schema: object): ValidateFunction {
  assertJsonSchema(schema);
  return ajv.compile(schema);
}

/** The section parts compiled with the routes' Ajv options: coercion for form bodies, defaults filled in. */
function compileTypes(declarations: readonly SectionTypeDeclaration[]): Map<string, CompiledType> {
  const ajv = routeAjv();
  return new Map(
    declarations.map((declaration) => [
      declaration.type,
      {
        declaration,
        validate: {
          content: checkedCompile(ajv, declaration.content),
          settings: checkedCompile(ajv, declaration.settings),
          appearance: checkedCompile(ajv, declaration.appearance),
        },
      },
    ]),
  );
}

/** The registry of the section types `declarations` lists (the project's, by default). */
export function sectionTypeRegistry(
  declarations: readonly SectionTypeDeclaration[] = sectionTypes,
): SectionTypeRegistry {
  const compiled = compileTypes(declarations);
  return {
    validate(sections) {
      const messages: FieldMessage[] = [];
      sections.forEach((section, index) => {
        const at = `/sections/${index}`;
        const type = compiled.get(section.type);
        if (!type) {
          messages.push({ path: `sections[${index}][type]`, text: 'Unknown section type' });
          return;
        }
        for (const part of PARTS) {
          const validate = type.validate[part];
          if (validate(section.data[part])) continue;
          messages.push(
            ...validationMessages(
              (validate.errors ?? []).map((e) => ({
                ...e,
                instancePath: `${at}/data/${part}${e.instancePath}`,
              })),
            ),
          );
        }
        const allowed = new Set<string>(type.declaration.restrictions);
        section.data.restrictions.forEach((item, j) => {
          if (!allowed.has(item.type))
            messages.push({
              path: `sections[${index}][data][restrictions][${j}][type]`,
              text: 'This section type does not allow this restriction',
            });
        });
      });
      return messages;
    },
    sanitized(section) {
      const declaration = compiled.get(section.type)?.declaration;
      if (!declaration) return section;
      const content = mapHtmlFields(declaration.content, section.data.content, sanitizeAdminHtml);
      return content === section.data.content
        ? section
        : { ...section, data: { ...section.data, content } };
    },
    listing: (type) => compiled.get(type)?.declaration.lists,
  };
}
