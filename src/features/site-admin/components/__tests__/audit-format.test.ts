import { settingsDocuments } from '@schemas/settings-documents/settings-documents';
import { describe, expect, it } from 'vitest';
import { actionLabel, describeTarget } from '../audit-format';

const t = (text: string) => `«${text}»`;

describe('audit entries in words', () => {
  it('a saved settings document is named by the title its declaration gives it', () => {
    expect(actionLabel('settings.document.update', t)).toBe('«Settings changed»');
    for (const { key, schema } of settingsDocuments)
      expect(describeTarget(`settings:document:${key}`, t)).toEqual({
        kind: '«Settings»',
        id: `«${schema.title}»`,
      });
  });

  it('a document no longer declared keeps its stored key', () => {
    expect(describeTarget('settings:document:retired', t)).toEqual({
      kind: '«Settings»',
      id: 'document:retired',
    });
  });
});
