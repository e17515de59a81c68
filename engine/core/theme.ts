import { colord, extend } from 'colord';
import a11yPlugin from 'colord/plugins/a11y';
import {
  appearanceColorsSchema,
  appearanceRoundnessSchema,
  colorPattern,
  type Appearance,
  type Font,
} from '@schemas/entities/appearance.schema';

extend([a11yPlugin]);

/** Text on a background lighter than this relative luminance is black, else white. */
const CONTRAST_LUMINANCE_THRESHOLD = 0.43;
/** Hover colours shift lightness by 5 (of 100). */
const HOVER_LIGHTNESS_SHIFT = 0.05;
/** Icon font axis defaults: not filled, grade 0, weight 200. */
const ICON_DEFAULTS = { fill: 0, grade: 0, weight: 200 } as const;
const LOGO_MAX_WIDTH_PX = 300;

const camel = (key: string) =>
  key.replace(/[_-]+([a-zA-Z0-9])/g, (_m, c: string) => c.toUpperCase());
const kebab = (key: string) =>
  camel(key)
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase();

/**
 * Returns a copy with snake_case (or kebab-case) keys turned into camelCase (one level).
 *
 * @example
 * camelCaseKeys({ sidebar_menu: '#fff' }); // { sidebarMenu: '#fff' }
 */
export function camelCaseKeys<T extends Record<string, unknown>>(o: T): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).map(([key, value]) => [camel(key), value]));
}

/**
 * Black or white text for a background colour (luminance above 0.43 gets black).
 *
 * @example
 * contrastText('#ffcc00'); // '#000000'
 * contrastText('#1d4ed8'); // '#ffffff'
 */
export function contrastText(hex: string): '#000000' | '#ffffff' {
  return colord(hex).luminance() > CONTRAST_LUMINANCE_THRESHOLD ? '#000000' : '#ffffff';
}

/**
 * Hover shade of a colour: lightness shifted by 5, darker for light colours and lighter for
 * dark ones so the change is always visible.
 *
 * @example
 * hoverColor('#1d4ed8'); // a slightly lighter blue
 */
export function hoverColor(hex: string): string {
  const c = colord(hex);
  const shifted =
    c.luminance() > CONTRAST_LUMINANCE_THRESHOLD
      ? c.darken(HOVER_LIGHTNESS_SHIFT)
      : c.lighten(HOVER_LIGHTNESS_SHIFT);
  return shifted.toHex();
}

const FONT_ROLES = ['links', 'body', 'headings', 'icons'] as const;
const COLOR = new RegExp(colorPattern);

/** The colour or radius of each declared key that holds a valid one. */
function declared<V>(
  values: object | undefined,
  schema: { properties: object },
  valid: (value: unknown, key: string) => value is V,
): [key: string, value: V][] {
  const stored = (values ?? {}) as Record<string, unknown>;
  return Object.keys(schema.properties)
    .filter((key) => Object.hasOwn(stored, key) && valid(stored[key], key))
    .map((key) => [key, stored[key] as V]);
}

const isColor = (value: unknown): value is string => typeof value === 'string' && COLOR.test(value);
const isRadius = (value: unknown, key: string): value is number => {
  const { minimum, maximum } =
    appearanceRoundnessSchema.properties[key as keyof typeof appearanceRoundnessSchema.properties];
  return typeof value === 'number' && value >= minimum && value <= maximum;
};

/**
 * The colours and radii of an appearance that its schema declares, each with a value the schema
 * accepts (a hex colour; a number of pixels in range), in the declared order; anything else it
 * holds is left out. A stored appearance may predate the checks of its keys and values.
 *
 * @example
 * declaredThemeValues({ colors: { primary: '#123456', 'x}body{': '#fff' }, roundness: { small: '4' } });
 * // { colors: { primary: '#123456' }, roundness: {} }
 */
export function declaredThemeValues(a: Appearance): {
  colors: Record<string, string>;
  roundness: Record<string, number>;
} {
  return {
    colors: Object.fromEntries(declared(a.colors, appearanceColorsSchema, isColor)),
    roundness: Object.fromEntries(declared(a.roundness, appearanceRoundnessSchema, isRadius)),
  };
}

/**
 * CSS custom properties for an appearance: `--color-<name>` with `-contrast` and `-hover`,
 * `--radius-<name>` in px, `--font-links|body|headings|icons`, the icon font axes
 * (`--icon-fill`, `--icon-grade`, `--icon-weight`), `--logo-max-width`, and the site background.
 * Only the colours and radii the appearance schema declares are written, and only with a value
 * it accepts (a hex colour, a number of pixels in range): the names and values become part of
 * pages' stylesheets.
 *
 * @example
 * appearanceToCssVars({ colors: { primary: '#1d4ed8', secondary: '#0f766e', header: '#fff', sidebar_menu: '#111827' } });
 * // { '--color-primary': '#1d4ed8', '--color-primary-contrast': '#ffffff', '--color-primary-hover': '#…', … }
 */
export function appearanceToCssVars(a: Appearance): Record<`--${string}`, string> {
  const vars: Record<`--${string}`, string> = {};
  const { colors, roundness } = declaredThemeValues(a);
  for (const [name, value] of Object.entries(colors)) {
    const key = `--color-${kebab(name)}` as const;
    vars[key] = value;
    vars[`${key}-contrast`] = contrastText(value);
    vars[`${key}-hover`] = hoverColor(value);
  }
  for (const [name, value] of Object.entries(roundness))
    vars[`--radius-${kebab(name)}`] = `${value}px`;
  const fonts: Partial<Record<(typeof FONT_ROLES)[number], Font>> = a.fonts ?? {};
  for (const role of FONT_ROLES) {
    const font = fonts[role];
    if (font?.family) vars[`--font-${role}`] = font.family;
  }
  const icons = fonts.icons;
  vars['--icon-fill'] = String(icons?.filled ? 1 : ICON_DEFAULTS.fill);
  vars['--icon-grade'] = String(icons?.grade ?? ICON_DEFAULTS.grade);
  vars['--icon-weight'] = String(icons?.weight ?? ICON_DEFAULTS.weight);
  vars['--logo-max-width'] = `${LOGO_MAX_WIDTH_PX}px`;
  const background = a.site_background;
  if (background?.color) vars['--site-background-color'] = background.color;
  if (background?.image)
    vars['--site-background-image'] = `url(${JSON.stringify(background.image)})`;
  return vars;
}
