import { schemaFormValidator } from '@engine/react/schema-form-validator';
import type { RJSFSchema } from '@rjsf/utils';
import type { SectionTypeDeclaration } from '@schemas/config/section-type.schema';
import type { EditorSection } from './editor-config';

/** Why a copied section cannot be pasted into a layout; English sources for `t()`. */
export const pasteProblems = {
  unknownType: 'This storefront has no sections of this type.',
  invalid: 'The copied section does not fit this type of section any more.',
  restriction: 'The copied section is shown to an audience this storefront does not have.',
} as const;

export type PasteProblem = (typeof pasteProblems)[keyof typeof pasteProblems];

/** Whether data fits a part's schema; checked without compiling code (the CSP has no 'unsafe-eval'). */
function fits(schema: SectionTypeDeclaration['content'], data: unknown): boolean {
  const root = schema as RJSFSchema;
  return schemaFormValidator.isValid(root, data, root);
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
  if (!parts.every((part) => fits(type[part], section.data[part]))) return pasteProblems.invalid;
  if (section.data.restrictions.some((r) => !restrictionTypes.includes(r.type)))
    return pasteProblems.restriction;
  return null;
}
