import type { Translation } from '@schemas/entities/language.schema';
import type { Envelope } from '@engine/core';
import { api } from '../api';

/** `GET translations?context=interface&language=…`. English needs no call. */
export const fetchTranslations = async (language: string): Promise<Translation[]> =>
  language === 'en'
    ? []
    : (
        await api.get<Envelope<Translation[]>>('translations', {
          searchParams: { context: 'interface', language },
        })
      ).data;
