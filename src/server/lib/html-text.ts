const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

/** Characters that are never stored in searchable text, so they can delimit matches in snippets. */
export const SNIPPET_START = '\u0001';
export const SNIPPET_STOP = '\u0002';
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/** Removes control characters (the snippet sentinels among them) from text. */
export function withoutControlCharacters(text: string): string {
  return text.replace(CONTROL, '');
}

/** The plain text of sanitized HTML: tags become spaces, entities are decoded. */
export function htmlToText(html: string): string {
  const text = html
    .replace(/<(br|\/p|\/li|\/h[1-6]|\/div)\b[^>]*>/gi, '\n')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
      if (name[0] === '#') {
        const code =
          name[1] === 'x' || name[1] === 'X'
            ? parseInt(name.slice(2), 16)
            : parseInt(name.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff
          ? String.fromCodePoint(code)
          : '';
      }
      return ENTITIES[name.toLowerCase()] ?? entity;
    });
  return withoutControlCharacters(text)
    .replace(/[ \t]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{2,}/g, '\n')
    .trim();
}

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * Turns a headline whose matches are wrapped in the sentinels into safe HTML: everything is
 * escaped, then the sentinels become `<mark>`/`</mark>`, so `<mark>` is the only markup. Given the
 * text the headline was cut from, an ellipsis marks where text was left out at either end.
 */
export function snippetHtml(headline: string, source?: string): string {
  const text = squash(headline);
  let html = escapeHtml(text)
    .split(SNIPPET_START)
    .join('<mark>')
    .split(SNIPPET_STOP)
    .join('</mark>');
  if (source !== undefined) {
    const plain = text.split(SNIPPET_START).join('').split(SNIPPET_STOP).join('');
    const whole = squash(source);
    if (plain && !whole.startsWith(plain)) html = `… ${html}`;
    if (plain && !whole.endsWith(plain)) html = `${html} …`;
  }
  return html;
}
