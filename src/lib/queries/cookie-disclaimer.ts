import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { agreeToCookies, fetchCookieDisclaimer } from '../requests/cookie-disclaimer';

export const cookieDisclaimerQueryKey = ['settings', 'cookies-disclaimer'] as const;

/** The cookie disclaimer: see {@link fetchCookieDisclaimer}. */
export const cookieDisclaimerQueryOptions = () =>
  queryOptions({ queryKey: cookieDisclaimerQueryKey, queryFn: fetchCookieDisclaimer });

export const useCookieDisclaimer = () => useQuery(cookieDisclaimerQueryOptions());

/** {@link agreeToCookies}, then reload the disclaimer. */
export function useAgreeToCookies() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: agreeToCookies,
    onSettled: () => queryClient.invalidateQueries({ queryKey: cookieDisclaimerQueryKey }),
  });
}
