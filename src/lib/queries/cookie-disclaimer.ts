import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchCookieDisclaimer } from '../requests/cookie-disclaimer';

export const cookieDisclaimerQueryKey = ['settings', 'cookies-disclaimer'] as const;

/** The cookie disclaimer: see {@link fetchCookieDisclaimer}. */
export const cookieDisclaimerQueryOptions = () =>
  queryOptions({ queryKey: cookieDisclaimerQueryKey, queryFn: fetchCookieDisclaimer });

export const useCookieDisclaimer = () => useQuery(cookieDisclaimerQueryOptions());
