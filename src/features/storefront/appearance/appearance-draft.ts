import type { Appearance, Font } from '@schemas/entities/appearance.schema';

/** The font roles of a theme, in the order the editor shows them. */
export const FONT_ROLES = ['body', 'headings', 'links', 'icons'] as const;
export type FontRole = (typeof FONT_ROLES)[number];

/** Colours every theme has (the schema requires them), shown first. */
export const REQUIRED_COLORS = ['primary', 'secondary', 'header', 'sidebar_menu'] as const;

/** Roundness offered when the stored theme has none: the portal's built-in radii (global.css). */
const DEFAULT_ROUNDNESS: Readonly<Record<string, number>> = { small: 4, medium: 8, large: 16 };

const HEX = /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
const ROUNDNESS_MAX = 100;

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

/** The form's starting values for a stored appearance. */
export function toDraft(appearance: Appearance): AppearanceDraft {
  // The schema allows more colours than the four it names; they arrive typed as unknown.
  const stored: Record<string, unknown> = appearance.colors ?? {};
  const colors: Record<string, string> = {};
  for (const key of REQUIRED_COLORS)
    colors[key] = typeof stored[key] === 'string' ? stored[key] : '';
  for (const [key, value] of Object.entries(stored))
    if (!(key in colors) && typeof value === 'string') colors[key] = value;
  const storedRoundness = appearance.roundness ?? {};
  const source: Record<string, unknown> = Object.keys(storedRoundness).length
    ? storedRoundness
    : DEFAULT_ROUNDNESS;
  const roundness: Record<string, string> = {};
  for (const [key, value] of Object.entries(source))
    roundness[key] = typeof value === 'number' ? String(value) : '';
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
 * Field messages for a draft, keyed by the dotted path of the wire body (`colors.primary`,
 * `roundness.small`, `fonts.icons.grade`), the same keys a server 400 maps to.
 */
export function validateDraft(draft: AppearanceDraft): Record<string, DraftError> {
  const errors: Record<string, DraftError> = {};
  for (const [key, value] of Object.entries(draft.colors)) {
    if (value.trim() === '') errors[`colors.${key}`] = { message: 'Required' };
    else if (!isHexColor(value.trim()))
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
    const n = Number(value);
    if (!isNumber(value) || n < 0 || n > ROUNDNESS_MAX)
      errors[`roundness.${key}`] = {
        message: 'Enter a number from @min to @max.',
        params: { min: 0, max: ROUNDNESS_MAX },
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
  const colors: Record<string, string> = {};
  for (const [key, value] of Object.entries(draft.colors)) colors[key] = value.trim();
  const roundness: Record<string, number> = {};
  for (const [key, value] of Object.entries(draft.roundness)) roundness[key] = Number(value);
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
