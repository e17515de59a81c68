/**
 * Attributes that `GET appearance?attributes[]=…` can ask for. A module of its own: every page
 * asks for them, and importing them does not bring the appearance schemas along.
 */
export const appearanceAttributes = [
  'logo',
  'colors',
  'fonts',
  'roundness',
  'favicon',
  'site_background',
] as const;
