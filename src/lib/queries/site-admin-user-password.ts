import type { Envelope } from '@engine/core';
import type { UserListItem } from '@schemas/entities/user.schema';
import { useMutation } from '@tanstack/react-query';
import { api } from '../api';
import { useSiteAdminUserSaved } from './site-admin-users';

/** `POST users/{uid}/password`: a new password; the user's other sign-ins end. */
export function useSetUserPassword(uid: number) {
  const saved = useSiteAdminUserSaved();
  return useMutation({
    mutationFn: async (password: string) =>
      (
        await api.post<Envelope<UserListItem>>(
          `users/${uid}/password`,
          { password },
          { json: true },
        )
      ).data,
    onSuccess: saved,
  });
}
