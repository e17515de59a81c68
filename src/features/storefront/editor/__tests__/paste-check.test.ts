import { sectionTypes } from '@schemas/storefront/section-types';
import { describe, expect, it } from 'vitest';
import type { EditorSection } from '../editor-config';
import { pasteProblem, pasteProblems } from '../paste-check';

const hero = sectionTypes.find((t) => t.type === 'hero')!;

function copied(over: Partial<EditorSection['data']> = {}, type = 'hero'): EditorSection {
  return {
    id: 4,
    type,
    weight: 0,
    state: 'view',
    isNew: false,
    data: {
      content: structuredClone(hero.defaults.content),
      settings: structuredClone(hero.defaults.settings),
      appearance: structuredClone(hero.defaults.appearance),
      restrictions: [],
      ...over,
    },
  };
}

describe('pasting a copied section into a layout', () => {
  it('accepts a section that fits the type and the audience', () => {
    expect(pasteProblem(copied(), sectionTypes, ['language', 'organizations'])).toBeNull();
  });

  it('refuses a type the layout does not know', () => {
    expect(pasteProblem(copied({}, 'video_wall'), sectionTypes, ['language'])).toBe(
      pasteProblems.unknownType,
    );
  });

  it("refuses data the type's schemas reject", () => {
    const section = copied({ content: { heading: '' } });
    expect(pasteProblem(section, sectionTypes, ['language'])).toBe(pasteProblems.invalid);
  });

  it('refuses restrictions by a type the layout does not offer', () => {
    const section = copied({ restrictions: [{ rule: 'and', type: 'roles', value: ['trainer'] }] });
    expect(pasteProblem(section, sectionTypes, ['language', 'organizations'])).toBe(
      pasteProblems.restriction,
    );
    expect(pasteProblem(section, sectionTypes, ['roles'])).toBeNull();
  });
});
