import { useMutation, useQueryClient } from '@tanstack/react-query';
import { agreeToCookies } from '../requests/cookie-disclaimer';
import { cookieDisclaimerQueryKey } from './cookie-disclaimer';

/**
 * {@link agreeToCookies}, then reload the disclaimer. A module apart from `./cookie-disclaimer`,
 * which every first load carries: only the cookie banner brings this (and the mutation code).
 */
export function useAgreeToCookies() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: agreeToCookies,
    onSettled: () => queryClient.invalidateQueries({ queryKey: cookieDisclaimerQueryKey }),
  });
}
