import type { CookieDisclaimer } from '@schemas/entities/settings.schema';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '@engine/core';
import { api } from '../api';

export const cookieDisclaimerQueryKey = ['settings', 'cookies-disclaimer'] as const;

/** `GET settings/cookies-disclaimer`: the banner text and whether this browser agreed to it. */
export const cookieDisclaimerQueryOptions = () =>
  queryOptions({
    queryKey: cookieDisclaimerQueryKey,
    queryFn: async () =>
      (await api.get<Envelope<CookieDisclaimer>>('settings/cookies-disclaimer')).data,
  });

export const useCookieDisclaimer = () => useQuery(cookieDisclaimerQueryOptions());

/** `POST /system/ajax/cookies-disclaimer/agree` (form body ajax=true), then reload the disclaimer. */
export function useAgreeToCookies() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post<unknown>(
        '/system/ajax/cookies-disclaimer/agree',
        { ajax: true },
        { absolute: true },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: cookieDisclaimerQueryKey }),
  });
}
