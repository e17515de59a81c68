/** Image types accepted for uploads, recognised by their first bytes rather than their name. */
export const IMAGE_TYPES = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
} as const;

/** The file extension we store an image under. */
export type ImageExtension = keyof typeof IMAGE_TYPES;

const startsWith = (data: Uint8Array, bytes: readonly number[], at = 0) =>
  data.length >= at + bytes.length && bytes.every((b, i) => data[at + i] === b);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The type of a PNG, JPEG, WebP or GIF image by its magic bytes; undefined for anything else. */
export function detectImageType(data: Uint8Array): ImageExtension | undefined {
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'jpg';
  if (startsWith(data, ascii('GIF87a')) || startsWith(data, ascii('GIF89a'))) return 'gif';
  if (startsWith(data, ascii('RIFF')) && startsWith(data, ascii('WEBP'), 8)) return 'webp';
  return undefined;
}
