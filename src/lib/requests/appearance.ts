import { appearanceAttributes } from '@schemas/entities/appearance-attributes';
import type { Appearance } from '@schemas/entities/appearance.schema';
import type { Envelope } from '@engine/core';
import { api } from '../api';

/** `GET appearance?attributes[]=…`: the site's theme. */
export const fetchAppearance = async () =>
  (
    await api.get<Envelope<Appearance>>('appearance', {
      searchParams: { attributes: [...appearanceAttributes] },
    })
  ).data;
