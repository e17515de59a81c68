import type { Envelope } from '@engine/core';
import type { UserListItem } from '@schemas/entities/user.schema';
import { useMutation } from '@tanstack/react-query';
import { api } from '../api';
import { useSiteAdminUserSaved } from './site-admin-users';

/** `PUT users/{uid}/roles`: the whole set of the user's explicit roles. */
export function useSaveUserRoles(uid: number) {
  const saved = useSiteAdminUserSaved();
  return useMutation({
    mutationFn: async (roles: string[]) =>
      (await api.put<Envelope<UserListItem>>(`users/${uid}/roles`, { roles }, { json: true })).data,
    onSuccess: saved,
  });
}
