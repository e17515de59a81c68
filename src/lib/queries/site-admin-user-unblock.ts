import type { Envelope } from '@engine/core';
import type { UserListItem } from '@schemas/entities/user.schema';
import { useMutation } from '@tanstack/react-query';
import { api } from '../api';
import { useSiteAdminUserSaved } from './site-admin-users';

/** `POST users/{uid}/unblock`: they can sign in again. */
export function useUnblockUser(uid: number) {
  const saved = useSiteAdminUserSaved();
  return useMutation({
    mutationFn: async () => (await api.post<Envelope<UserListItem>>(`users/${uid}/unblock`)).data,
    onSuccess: saved,
  });
}
