import type { CookieDisclaimer } from '@schemas/entities/settings.schema';
import type { Envelope } from '@engine/core';
import { api } from '../api';

/** `GET settings/cookies-disclaimer`: the banner text and whether this browser agreed to it. */
export const fetchCookieDisclaimer = async () =>
  (await api.get<Envelope<CookieDisclaimer>>('settings/cookies-disclaimer')).data;

/** `POST /system/ajax/cookies-disclaimer/agree` (form body ajax=true). */
export const agreeToCookies = () =>
  api.post<unknown>('/system/ajax/cookies-disclaimer/agree', { ajax: true }, { absolute: true });
