import type { Envelope } from '@engine/core';
import type { CurrentUser, UserPatch } from '@schemas/entities/user.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api';
import { meQueryKey } from './me';
import { siteAdminUsersRootKey } from './site-admin-users';
import { userQueryKey } from './user';

/**
 * `PATCH users/{uid}`: profile fields, language and time zone. Saving one's own profile puts the
 * answer into the `me` cache at once, so a new language or direction applies without a reload.
 * Names and languages show in the administrators' user lists too, so those load again.
 */
export function useUpdateUser(uid: number | string, self: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (patch: UserPatch) =>
      (await api.patch<Envelope<CurrentUser>>(`users/${uid}`, patch, { json: true })).data,
    onSuccess: async (user) => {
      queryClient.setQueryData<CurrentUser>(userQueryKey(uid), user);
      if (self) queryClient.setQueryData<CurrentUser>(meQueryKey, (old) => ({ ...old, ...user }));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
        queryClient.invalidateQueries({ queryKey: siteAdminUsersRootKey }),
      ]);
    },
  });
}
