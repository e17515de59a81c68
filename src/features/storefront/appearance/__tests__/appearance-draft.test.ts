import type { Appearance } from '@schemas/entities/appearance.schema';
import { describe, expect, it } from 'vitest';
import {
  applyEdits,
  COLOR_FIELDS,
  ROUNDNESS_FIELDS,
  sameDraft,
  toBody,
  toDraft,
  validateDraft,
} from '../appearance-draft';
import { textContrast } from '../contrast';

const colors = {
  primary: '#3754db',
  secondary: '#0f766e',
  header: '#fff',
  sidebar_menu: '#16213e',
};

describe('the appearance draft', () => {
  it('saves what it loaded unchanged, numbers as numbers', () => {
    const stored: Appearance = {
      logo: { url: '/logo.svg', alt: 'Atrium' },
      colors: { ...colors, footer: '#111111' },
      roundness: { small: 4, large: 16 },
      favicon: '/favicon.svg',
      site_background: { color: '#f5f7fb' },
    };
    expect(toBody(toDraft(stored), stored)).toEqual({ ...stored, fonts: {} });
  });

  it('leaves out what was never set and is still empty', () => {
    const stored: Appearance = { colors };
    const body = toBody(toDraft(stored), stored);
    expect(body).not.toHaveProperty('logo');
    expect(body).not.toHaveProperty('favicon');
    expect(body).not.toHaveProperty('site_background');
    // Colours and radii the theme does not set stay unset.
    expect(body.colors).toEqual(colors);
    expect(body.roundness).toEqual({});
    expect(validateDraft(toDraft(stored), stored)).toEqual({});
  });

  it('offers every colour and radius the schema declares, and only those', () => {
    const stored = {
      colors: { ...colors, footer: '#111111', 'x:0}body{background:red}:root{--y': '#ffffff' },
      roundness: { small: 4, 'r}body{x:y': 2 },
    } as Appearance;
    const draft = toDraft(stored);
    expect(Object.keys(draft.colors)).toEqual(COLOR_FIELDS.map((f) => f.key));
    expect(Object.keys(draft.roundness)).toEqual(ROUNDNESS_FIELDS.map((f) => f.key));
    expect(draft.colors).toMatchObject({ footer: '#111111', success: '' });
    // What the stored theme held beyond the declaration is not sent back.
    expect(toBody(draft, stored)).toMatchObject({
      colors: { ...colors, footer: '#111111' },
      roundness: { small: 4 },
    });
    expect(
      Object.keys(toBody(draft, stored).colors ?? {}).every((k) =>
        COLOR_FIELDS.some((f) => f.key === k),
      ),
    ).toBe(true);
    // An unset colour may stay empty; a set one may not be emptied, nor a required one.
    const emptied = applyEdits(draft, { 'colors.footer': '', 'roundness.small': '' });
    expect(validateDraft(emptied, stored)).toEqual({
      'colors.footer': { message: 'Required' },
      'roundness.small': {
        message: 'Enter a number from @min to @max.',
        params: { min: 0, max: 100 },
      },
    });
  });

  it('keeps edits over a refetched theme and shows the fresh values elsewhere', () => {
    const before = toDraft({ colors });
    const after = toDraft({ colors: { ...colors, secondary: '#334155' } });
    const edits = { 'colors.primary': '#1d4ed8', 'fonts.icons.filled': true };
    const draft = applyEdits(after, edits);
    expect(draft.colors).toMatchObject({ primary: '#1d4ed8', secondary: '#334155' });
    expect(draft.fonts.icons.filled).toBe(true);
    expect(sameDraft(applyEdits(before, {}), before)).toBe(true);
    expect(sameDraft(applyEdits(before, { 'colors.primary': '#3754db' }), before)).toBe(true);
  });

  it('asks for hex colours and in-range numbers', () => {
    const draft = applyEdits(toDraft({ colors }), {
      'colors.header': 'white',
      'colors.primary': '',
      'roundness.small': '101',
      'fonts.icons.weight': '50',
    });
    expect(validateDraft(draft)).toEqual({
      'colors.header': {
        message: 'Enter a colour as # and 3 or 6 hexadecimal digits, for example #1d4ed8.',
      },
      'colors.primary': { message: 'Required' },
      'roundness.small': {
        message: 'Enter a number from @min to @max.',
        params: { min: 0, max: 100 },
      },
      'fonts.icons.weight': {
        message: 'Enter a number from @min to @max.',
        params: { min: 100, max: 700 },
      },
    });
  });
});

describe('text contrast', () => {
  it('uses the text colour the theme picks by the 0.43 luminance threshold', () => {
    // Luminance 0.39: white text, though black would read better.
    expect(textContrast('#ff8800')).toEqual({ text: '#ffffff', ratio: 2.39, readable: false });
    // Luminance 0.47: black text.
    expect(textContrast('#e0b000')).toMatchObject({ text: '#000000', readable: true });
    expect(textContrast('#16213e')?.readable).toBe(true);
    expect(textContrast('#12')).toBeNull();
  });
});
