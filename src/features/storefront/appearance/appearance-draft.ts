import {
  appearanceColorsSchema,
  appearanceRoundnessSchema,
  colorPattern,
  type Appearance,
  type Font,
} from '@schemas/entities/appearance.schema';

/** The font roles of a theme, in the order the editor shows them. */
export const FONT_ROLES = ['body', 'headings', 'links', 'icons'] as const;
export type FontRole = (typeof FONT_ROLES)[number];

type Declared = Record<string, { title: string; minimum?: number; maximum?: number }>;
const colorFields: Declared = appearanceColorsSchema.properties;
const roundnessFields: Declared = appearanceRoundnessSchema.properties;

/** The colours a theme may set, in the order the editor shows them, each with its label. */
export const COLOR_FIELDS = Object.entries(colorFields).map(([key, { title }]) => ({
  key,
  label: title,
}));
/** The radii a theme may set, in the order the editor shows them, with label and range. */
export const ROUNDNESS_FIELDS = Object.entries(roundnessFields).map(
  ([key, { title, minimum, maximum }]) => ({ key, label: title, min: minimum, max: maximum }),
);

/** Colours every theme has (the schema requires them). */
export const REQUIRED_COLORS: readonly string[] = appearanceColorsSchema.required;

const HEX = new RegExp(colorPattern);

export interface FontDraft {
  name: string;
  family: string;
  files: Font['files'];
  /** Icon font axes; only the icons role shows them. */
  filled: boolean;
  grade: string;
  weight: string;
}

/**
 * What the form edits: the stored appearance with every value as the text of its input.
 * Numbers stay strings until saving so that a half-typed value is never lost.
 */
export interface AppearanceDraft {
  logo: { url: string; alt: string };
  colors: Record<string, string>;
  fonts: Record<FontRole, FontDraft>;
  roundness: Record<string, string>;
  favicon: string;
  site_background: { color: string; image: string };
}

/** A field message; the text is an English source string with its placeholders. */
export interface DraftError {
  message: string;
  params?: Record<string, string | number>;
}

/** Whether a string is a colour the schema accepts (`#abc` or `#aabbcc`). */
export const isHexColor = (value: string): boolean => HEX.test(value);

function fontDraft(font: Font | undefined): FontDraft {
  return {
    name: font?.name ?? '',
    family: font?.family ?? '',
    files: font?.files ?? [],
    filled: font?.filled ?? false,
    grade: String(font?.grade ?? 0),
    weight: String(font?.weight ?? 200),
  };
}

/**
 * The form's starting values for a stored appearance: every colour and radius the schema
 * declares, empty where the theme sets none (a key it does not declare is not shown, and so
 * not sent back).
 */
export function toDraft(appearance: Appearance): AppearanceDraft {
  const storedColors: Record<string, unknown> = appearance.colors ?? {};
  const colors: Record<string, string> = {};
  for (const { key } of COLOR_FIELDS) {
    const value = storedColors[key];
    colors[key] = typeof value === 'string' ? value : '';
  }
  const storedRoundness: Record<string, unknown> = appearance.roundness ?? {};
  const roundness: Record<string, string> = {};
  for (const { key } of ROUNDNESS_FIELDS) {
    const value = storedRoundness[key];
    roundness[key] = typeof value === 'number' ? String(value) : '';
  }
  const fonts = appearance.fonts ?? {};
  return {
    logo: { url: appearance.logo?.url ?? '', alt: appearance.logo?.alt ?? '' },
    colors,
    fonts: {
      body: fontDraft(fonts.body),
      headings: fontDraft(fonts.headings),
      links: fontDraft(fonts.links),
      icons: fontDraft(fonts.icons),
    },
    roundness,
    favicon: appearance.favicon ?? '',
    site_background: {
      color: appearance.site_background?.color ?? '',
      image: appearance.site_background?.image ?? '',
    },
  };
}

const isNumber = (value: string) => value.trim() !== '' && Number.isFinite(Number(value));

/**
 * Whether a colour or radius must have a value: the schema requires it, or the stored theme has
 * one (clearing it would not remove it, since a change is merged into the stored theme).
 */
export function isRequired(
  group: 'colors' | 'roundness',
  key: string,
  stored: Appearance = {},
): boolean {
  if (group === 'colors' && REQUIRED_COLORS.includes(key)) return true;
  return Object.hasOwn(stored[group] ?? {}, key);
}

/**
 * Field messages for a draft, keyed by the dotted path of the wire body (`colors.primary`,
 * `roundness.small`, `fonts.icons.grade`), the same keys a server 400 maps to. A colour or
 * radius left empty is one the theme does not set, unless it is required ({@link isRequired}).
 */
export function validateDraft(
  draft: AppearanceDraft,
  stored: Appearance = {},
): Record<string, DraftError> {
  const errors: Record<string, DraftError> = {};
  for (const [key, value] of Object.entries(draft.colors)) {
    if (value.trim() === '') {
      if (isRequired('colors', key, stored)) errors[`colors.${key}`] = { message: 'Required' };
    } else if (!isHexColor(value.trim()))
      errors[`colors.${key}`] = {
        message: 'Enter a colour as # and 3 or 6 hexadecimal digits, for example #1d4ed8.',
      };
  }
  const background = draft.site_background.color.trim();
  if (background !== '' && !isHexColor(background))
    errors['site_background.color'] = {
      message: 'Enter a colour as # and 3 or 6 hexadecimal digits, for example #1d4ed8.',
    };
  for (const [key, value] of Object.entries(draft.roundness)) {
    if (value.trim() === '' && !isRequired('roundness', key, stored)) continue;
    const { minimum: min = 0, maximum: max = Infinity } = roundnessFields[key] ?? {};
    const n = Number(value);
    if (!isNumber(value) || n < min || n > max)
      errors[`roundness.${key}`] = {
        message: 'Enter a number from @min to @max.',
        params: { min, max },
      };
  }
  const icons = draft.fonts.icons;
  const grade = Number(icons.grade);
  if (!isNumber(icons.grade) || grade < -50 || grade > 200)
    errors['fonts.icons.grade'] = {
      message: 'Enter a number from @min to @max.',
      params: { min: -50, max: 200 },
    };
  const weight = Number(icons.weight);
  if (!isNumber(icons.weight) || weight < 100 || weight > 700)
    errors['fonts.icons.weight'] = {
      message: 'Enter a number from @min to @max.',
      params: { min: 100, max: 700 },
    };
  return errors;
}

function fontBody(role: FontRole, font: FontDraft): Font {
  const base: Font = { name: font.name.trim(), family: font.family.trim(), files: font.files };
  if (role !== 'icons') return base;
  return { ...base, filled: font.filled, grade: Number(font.grade), weight: Number(font.weight) };
}

/**
 * The POST body for a (valid) draft, snake_case as the schema has it. Fonts left empty that the
 * stored theme never had are left out; empty optional texts are dropped, since the server
 * replaces the logo, favicon and site background whole.
 */
export function toBody(draft: AppearanceDraft, stored: Appearance): Appearance {
  // An empty colour or radius is one the theme does not set.
  const colors: Record<string, string> = {};
  for (const [key, value] of Object.entries(draft.colors))
    if (value.trim() !== '') colors[key] = value.trim();
  const roundness: Record<string, number> = {};
  for (const [key, value] of Object.entries(draft.roundness))
    if (value.trim() !== '') roundness[key] = Number(value);
  const fonts: NonNullable<Appearance['fonts']> = {};
  for (const role of FONT_ROLES) {
    const font = draft.fonts[role];
    const used = font.name.trim() !== '' || font.family.trim() !== '';
    if (used || stored.fonts?.[role]) fonts[role] = fontBody(role, font);
  }
  const body: Appearance = {
    colors: colors as NonNullable<Appearance['colors']>,
    fonts,
    roundness,
  };
  const url = draft.logo.url.trim();
  const alt = draft.logo.alt.trim();
  if (url !== '' || alt !== '' || stored.logo) body.logo = alt ? { url, alt } : { url };
  const favicon = draft.favicon.trim();
  if (favicon !== '' || stored.favicon !== undefined) body.favicon = favicon;
  const site_background: NonNullable<Appearance['site_background']> = {};
  const color = draft.site_background.color.trim();
  const image = draft.site_background.image.trim();
  if (color) site_background.color = color;
  if (image) site_background.image = image;
  if (color || image || stored.site_background) body.site_background = site_background;
  return body;
}

/**
 * Edited values by the dotted path of their field (`colors.primary`, `fonts.icons.filled`). Kept
 * apart from the saved values so that a refetched theme still shows in the fields not edited.
 */
export type DraftEdits = Readonly<Record<string, string | boolean>>;

function setAt(
  node: Record<string, unknown>,
  path: string[],
  value: unknown,
): Record<string, unknown> {
  const [head, ...rest] = path;
  if (head === undefined) return node;
  if (rest.length === 0) return { ...node, [head]: value };
  const child = node[head];
  const inner =
    typeof child === 'object' && child !== null ? (child as Record<string, unknown>) : {};
  return { ...node, [head]: setAt(inner, rest, value) };
}

/** The saved values with the edits laid over them. */
export function applyEdits(base: AppearanceDraft, edits: DraftEdits): AppearanceDraft {
  let draft = base as unknown as Record<string, unknown>;
  for (const [path, value] of Object.entries(edits)) {
    // Colour and roundness names are data and may hold dots; only the first segment is a group.
    const [group = '', ...rest] = path.split('.');
    const segments =
      group === 'colors' || group === 'roundness' ? [group, rest.join('.')] : [group, ...rest];
    draft = setAt(draft, segments, value);
  }
  return draft as unknown as AppearanceDraft;
}

/** Whether two drafts would save the same thing. */
export function sameDraft(a: AppearanceDraft, b: AppearanceDraft): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
