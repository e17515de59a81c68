import type { Envelope } from '@engine/core';
import type { UserListItem } from '@schemas/entities/user.schema';
import { useMutation } from '@tanstack/react-query';
import { api } from '../api';
import { useSiteAdminUserSaved } from './site-admin-users';

/** `POST users/{uid}/block`: they cannot sign in and are signed out everywhere (409 for oneself). */
export function useBlockUser(uid: number) {
  const saved = useSiteAdminUserSaved();
  return useMutation({
    mutationFn: async () => (await api.post<Envelope<UserListItem>>(`users/${uid}/block`)).data,
    onSuccess: saved,
  });
}
