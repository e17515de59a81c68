import type { SectionTypeDeclaration } from '@schemas/config/section-type.schema';
import { Ajv, type ValidateFunction } from 'ajv';
import type { EditorSection } from './editor-config';

/** Why a copied section cannot be pasted into a layout; English sources for `t()`. */
export const pasteProblems = {
  unknownType: 'This storefront has no sections of this type.',
  invalid: 'The copied section does not fit this type of section any more.',
  restriction: 'The copied section is shown to an audience this storefront does not have.',
} as const;

export type PasteProblem = (typeof pasteProblems)[keyof typeof pasteProblems];

const ajv = new Ajv({ strict: false, allErrors: false });
const compiled = new Map<string, ValidateFunction>();

function validatorFor(schema: SectionTypeDeclaration['content']): ValidateFunction {
  let validate = compiled.get(schema.$id);
  if (!validate) {
    validate = ajv.getSchema(schema.$id) ?? ajv.compile(schema);
    compiled.set(schema.$id, validate);
  }
  return validate;
}

/**
 * Checks a copied section against the layout it is pasted into: its type must be one the layout
 * accepts, its content, settings and appearance must satisfy that type's schemas, and its
 * restrictions may only use types the layout offers. Returns the problem, or null.
 */
export function pasteProblem(
  section: EditorSection,
  types: readonly SectionTypeDeclaration[],
  restrictionTypes: readonly string[],
): PasteProblem | null {
  const type = types.find((t) => t.type === section.type);
  if (!type) return pasteProblems.unknownType;
  const parts = ['content', 'settings', 'appearance'] as const;
  if (!parts.every((part) => validatorFor(type[part])(section.data[part])))
    return pasteProblems.invalid;
  if (section.data.restrictions.some((r) => !restrictionTypes.includes(r.type)))
    return pasteProblems.restriction;
  return null;
}
