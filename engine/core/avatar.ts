/** Initials on an avatar colour: white, or black on the light ones. */
type Ink = '#000000' | '#ffffff';

/**
 * The palette with the text colour each takes (what `contrastText` gives it; a test keeps the
 * two in step). Written out so that drawing an avatar needs no colour maths in the first load.
 */
const PALETTE: readonly (readonly [background: string, text: Ink])[] = [
  ['#c62828', '#ffffff'],
  ['#ad1457', '#ffffff'],
  ['#6a1b9a', '#ffffff'],
  ['#4527a0', '#ffffff'],
  ['#283593', '#ffffff'],
  ['#1565c0', '#ffffff'],
  ['#0277bd', '#ffffff'],
  ['#00838f', '#ffffff'],
  ['#00695c', '#ffffff'],
  ['#2e7d32', '#ffffff'],
  ['#33691e', '#ffffff'],
  ['#827717', '#ffffff'],
  ['#fdd835', '#000000'],
  ['#ffb300', '#000000'],
  ['#c43e00', '#ffffff'],
  ['#880e4f', '#ffffff'],
  ['#5d4037', '#ffffff'],
  ['#616161', '#ffffff'],
  ['#455a64', '#ffffff'],
];

/**
 * The 19 avatar background colours; a user without a picture gets one by first initial.
 *
 * @example
 * AVATAR_PALETTE.length; // 19
 */
export const AVATAR_PALETTE: readonly string[] = Object.freeze(PALETTE.map(([colour]) => colour));

const MAX_INITIALS = 3;

/**
 * Up to 3 initials from the first letters of a name's words.
 *
 * @example
 * initials('Ada King Lovelace Byron'); // 'AKL'
 */
export function initials(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, MAX_INITIALS)
    .map((word) => Array.from(word)[0]!.toLocaleUpperCase())
    .join('');
}

/**
 * Avatar colours for a name, chosen by its first initial (stable for a user): the background and
 * the readable text colour on it.
 *
 * @example
 * avatarColors('Ada Lovelace'); // { background: '#00695c', text: '#ffffff' }
 */
export function avatarColors(name: string): { background: string; text: Ink } {
  const first = initials(name).codePointAt(0) ?? 0;
  const [background, text] = PALETTE[first % PALETTE.length]!;
  return { background, text };
}
