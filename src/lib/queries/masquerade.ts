import type { Envelope } from '@engine/core';
import type { CurrentUser } from '@schemas/entities/user.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api';

/**
 * Who the session acts as changed: every cached answer (the user, the access flags, the
 * navigation, wallets, lists) belonged to the other person. Reset them all; the mounted ones load
 * again as the new user. Not awaited, so a caller's own onSuccess (say, a navigation away from a
 * page the new user may not see) runs before the new access arrives.
 */
function useIdentityChanged() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.resetQueries();
  };
}

/** `POST admin/masquerade/{uid}`: act as that user until {@link useStopMasquerade}. */
export function useStartMasquerade() {
  const identityChanged = useIdentityChanged();
  return useMutation({
    mutationFn: async (uid: number) =>
      // A refusal (403 for an administrator) is the page's to explain, not a trip to /denied.
      (
        await api.post<Envelope<CurrentUser>>(`admin/masquerade/${uid}`, undefined, {
          handleErrors: false,
        })
      ).data,
    onSuccess: identityChanged,
  });
}

/** `POST admin/masquerade/stop`: the session is the administrator's again. */
export function useStopMasquerade() {
  const identityChanged = useIdentityChanged();
  return useMutation({
    mutationFn: async () => (await api.post<Envelope<CurrentUser>>('admin/masquerade/stop')).data,
    // A 409 means the session no longer acts as anyone: refresh so the banner goes away.
    onSettled: identityChanged,
  });
}
