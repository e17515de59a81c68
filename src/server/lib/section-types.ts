import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { StorefrontPatch } from '@schemas/entities/storefront.schema';
import type { SectionTypeDeclaration } from '@schemas/config/section-type.schema';
import { sectionTypes } from '@schemas/storefront/section-types';
import { validationMessages, type FieldMessage } from '@engine/server';

type Part = 'content' | 'settings' | 'appearance';
const PARTS: readonly Part[] = ['content', 'settings', 'appearance'];

interface CompiledType {
  declaration: SectionTypeDeclaration;
  validate: Record<Part, ValidateFunction>;
}

/** One Ajv for the section parts, with the options of the routes: coercion for form bodies, defaults filled in. */
function compileTypes(declarations: readonly SectionTypeDeclaration[]): Map<string, CompiledType> {
  const ajv = new Ajv({
    allErrors: true,
    verbose: true,
    strict: false,
    coerceTypes: 'array',
    useDefaults: true,
    removeAdditional: false,
  });
  addFormats(ajv);
  return new Map(
    declarations.map((declaration) => [
      declaration.type,
      {
        declaration,
        validate: {
          content: ajv.compile(declaration.content),
          settings: ajv.compile(declaration.settings),
          appearance: ajv.compile(declaration.appearance),
        },
      },
    ]),
  );
}

const compiled = compileTypes(sectionTypes);

/**
 * Validates every section of a storefront PATCH against its type's schemas and allowed
 * restriction types. Coerces form-encoded values and fills in defaults in place. Returns field
 * messages with bracket paths (`sections[2][data][content][heading]`).
 */
export function validateSections(sections: StorefrontPatch['sections']): FieldMessage[] {
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
}
