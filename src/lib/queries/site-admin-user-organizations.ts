import type { Envelope } from '@engine/core';
import type { UserListItem } from '@schemas/entities/user.schema';
import { useMutation } from '@tanstack/react-query';
import { api } from '../api';
import { useSiteAdminUserSaved } from './site-admin-users';

/** `PUT users/{uid}/organizations`: the whole set of the user's organizations. */
export function useSaveUserOrganizations(uid: number) {
  const saved = useSiteAdminUserSaved();
  return useMutation({
    mutationFn: async (organizations: number[]) =>
      (
        await api.put<Envelope<UserListItem>>(
          `users/${uid}/organizations`,
          { organizations },
          { json: true },
        )
      ).data,
    onSuccess: saved,
  });
}
