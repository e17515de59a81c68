import { createHttpClient } from '@engine/core';

/** The portal's one HTTP client: base /api/v2, retries, XSRF, error redirects. */
export const api = createHttpClient({ baseUrl: '/api/v2' });
