import type { FooterSettings } from '@schemas/entities/settings.schema';
import { footerFormSchema, type FooterForm } from '@schemas/forms/footer.schema';

type Field = keyof FooterSettings;

const fields = Object.keys(footerFormSchema.properties) as Field[];

/** A form value as the server keeps it: links always carry both a title and an address. */
function normalized(value: unknown): unknown {
  if (typeof value === 'object' && value !== null) {
    const link = value as { title?: string; url?: string };
    return { title: link.title ?? '', url: link.url ?? '' };
  }
  return value ?? '';
}

/**
 * The footer settings whose value differs from the stored ones, as `POST settings/footer` takes
 * them (a changed link is sent whole, since the server replaces it whole). Empty when nothing
 * changed.
 */
export function changedFooter(stored: FooterSettings, data: FooterForm): Partial<FooterSettings> {
  const patch: Record<string, unknown> = {};
  for (const field of fields) {
    const value = normalized(data[field]);
    if (JSON.stringify(value) !== JSON.stringify(normalized(stored[field]))) patch[field] = value;
  }
  return patch;
}
