import type { GeneralSettings } from '@schemas/entities/settings.schema';
import type { Envelope } from '@engine/core';
import { api } from '../api';

/** `GET settings?type=general`: formats, languages, current language/time zone and access flags. */
export const fetchGeneralSettings = async () =>
  (await api.get<Envelope<GeneralSettings>>('settings', { searchParams: { type: 'general' } }))
    .data;
