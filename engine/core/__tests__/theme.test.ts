import type { Appearance } from '@schemas/entities/appearance.schema';
import { describe, expect, it } from 'vitest';
import { colord, extend } from 'colord';
import a11yPlugin from 'colord/plugins/a11y';
import {
  AVATAR_PALETTE,
  appearanceToCssVars,
  avatarColors,
  camelCaseKeys,
  contrastText,
  hoverColor,
  initials,
} from '../index';

extend([a11yPlugin]);

describe('colour maths', () => {
  it('picks black text above luminance 0.43 and white at or below', () => {
    // #b5b5b5 has luminance ~0.46, #a9a9a9 ~0.40: either side of the threshold.
    expect(colord('#b5b5b5').luminance()).toBeGreaterThan(0.43);
    expect(colord('#a9a9a9').luminance()).toBeLessThan(0.43);
    expect(contrastText('#b5b5b5')).toBe('#000000');
    expect(contrastText('#a9a9a9')).toBe('#ffffff');
    expect(contrastText('#ffffff')).toBe('#000000');
    expect(contrastText('#1d4ed8')).toBe('#ffffff');
  });

  it('shifts lightness by 5 for hover: lighter for dark colours, darker for light ones', () => {
    const dark = colord('#1d4ed8').toHsl();
    expect(colord(hoverColor('#1d4ed8')).toHsl().l).toBeCloseTo(dark.l + 5, 0);
    expect(hoverColor('#ffffff')).toBe('#f2f2f2');
  });
});

describe('appearanceToCssVars', () => {
  it('turns colours, roundness, fonts and icon axes into CSS variables', () => {
    const vars = appearanceToCssVars({
      colors: {
        primary: '#1d4ed8',
        secondary: '#ffcc00',
        header: '#ffffff',
        sidebar_menu: '#111827',
      },
      roundness: { button: 8, card: 16 },
      fonts: {
        body: { name: 'Inter', family: 'Inter, sans-serif', files: [] },
        icons: {
          name: 'Material Symbols',
          family: 'Material Symbols Outlined',
          files: [],
          filled: true,
        },
      },
      site_background: { color: '#f8fafc' },
    });
    expect(vars['--color-primary']).toBe('#1d4ed8');
    expect(vars['--color-primary-contrast']).toBe('#ffffff');
    expect(vars['--color-secondary-contrast']).toBe('#000000');
    expect(vars['--color-sidebar-menu']).toBe('#111827');
    expect(vars['--color-sidebar-menu-hover']).toBe(hoverColor('#111827'));
    expect(vars['--radius-button']).toBe('8px');
    expect(vars['--radius-card']).toBe('16px');
    expect(vars['--font-body']).toBe('Inter, sans-serif');
    expect(vars['--font-icons']).toBe('Material Symbols Outlined');
    expect(vars['--icon-fill']).toBe('1');
    expect(vars['--icon-grade']).toBe('0');
    expect(vars['--icon-weight']).toBe('200');
    expect(vars['--logo-max-width']).toBe('300px');
    expect(vars['--site-background-color']).toBe('#f8fafc');
  });

  it('writes only the colours and radii the schema declares, with values it accepts', () => {
    const stored = {
      colors: {
        primary: '#1d4ed8',
        secondary: '#ffcc00',
        header: '#ffffff',
        sidebar_menu: '#111827',
        text: 'red;}body{background:red}',
        'x:0}body{background:url(https://evil.example/x)}:root{--y': '#ffffff',
      },
      roundness: { small: 4, medium: '8px}', large: 1000, 'r}body{x:y': 2 },
    } as unknown as Appearance;
    const vars = appearanceToCssVars(stored);
    const names = Object.keys(vars);
    expect(names.filter((n) => n.startsWith('--color-') && !/-(contrast|hover)$/.test(n))).toEqual([
      '--color-primary',
      '--color-secondary',
      '--color-header',
      '--color-sidebar-menu',
    ]);
    expect(names.filter((n) => n.startsWith('--radius-'))).toEqual(['--radius-small']);
    for (const [name, value] of Object.entries(vars)) {
      expect(name).toMatch(/^--[a-z0-9-]+$/);
      expect(value).not.toMatch(/[;{}<>]/);
    }
  });

  it('uses icon defaults when there is no icon font', () => {
    expect(appearanceToCssVars({})).toMatchObject({
      '--icon-fill': '0',
      '--icon-grade': '0',
      '--icon-weight': '200',
    });
  });

  it('camel-cases keys', () => {
    expect(camelCaseKeys({ sidebar_menu: 1, primary: 2 })).toEqual({ sidebarMenu: 1, primary: 2 });
  });
});

describe('avatars', () => {
  it('takes up to 3 initials', () => {
    expect(initials('ada king lovelace byron')).toBe('AKL');
    expect(initials('  Alan  ')).toBe('A');
    expect(initials('')).toBe('');
  });
  it('colours by first initial from 19 colours', () => {
    expect(AVATAR_PALETTE).toHaveLength(19);
    expect(new Set(AVATAR_PALETTE).size).toBe(19);
    expect(avatarColors('Ada Lovelace')).toEqual(avatarColors('Alan Turing'));
    expect(avatarColors('Ada').background).toBe(AVATAR_PALETTE['A'.charCodeAt(0) % 19]);
    expect(avatarColors('Ada').background).not.toBe(avatarColors('Bob').background);
  });
  it('writes initials in the text colour the theme maths gives each palette colour', () => {
    const names = AVATAR_PALETTE.map((_, i) => String.fromCharCode(19 * 3 + i));
    for (const name of names) {
      const { background, text } = avatarColors(name);
      expect(text, background).toBe(contrastText(background));
    }
    expect(new Set(names.map((name) => avatarColors(name).background)).size).toBe(19);
  });
  it('keeps initials readable (WCAG AA 4.5:1) on every palette colour', () => {
    const poor = AVATAR_PALETTE.filter((c) => colord(c).contrast(contrastText(c)) < 4.5);
    expect(poor).toEqual([]);
  });
});
