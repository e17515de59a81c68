import { contrastText } from '@engine/core';
import { colord, extend } from 'colord';
import a11yPlugin from 'colord/plugins/a11y';
import { isHexColor } from './appearance-draft';

extend([a11yPlugin]);

/** WCAG 2.2 AA minimum contrast for normal-size text. */
export const AA_TEXT_CONTRAST = 4.5;

/** Colours that are text or lines themselves, not backgrounds that text sits on. */
const NOT_TEXT_BACKGROUNDS = new Set(['text', 'text_muted', 'border']);

/** Whether the theme puts text on this colour (buttons, header, menus, badges…). */
export const carriesText = (key: string): boolean => !NOT_TEXT_BACKGROUNDS.has(key);

export interface TextContrast {
  /** The text colour the theme picks for this background (0.43 luminance threshold). */
  text: '#000000' | '#ffffff';
  /** Contrast ratio of that text on the colour, 1 to 21. */
  ratio: number;
  readable: boolean;
}

/**
 * How readable the theme's text is on a background colour, or `null` for a value that is not
 * (yet) a colour.
 *
 * @example
 * textContrast('#ff8800'); // { text: '#000000', ratio: 8.5…, readable: true }
 */
export function textContrast(hex: string): TextContrast | null {
  const value = hex.trim();
  if (!isHexColor(value)) return null;
  const text = contrastText(value);
  const ratio = colord(value).contrast(text);
  return { text, ratio, readable: ratio >= AA_TEXT_CONTRAST };
}

/** A ratio for people: one decimal, rounded down so 4.49 never reads as 4.5. */
export const formatRatio = (ratio: number): string => (Math.floor(ratio * 10) / 10).toFixed(1);
