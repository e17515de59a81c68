import type { Envelope } from '@engine/core';
import type { UserCreate } from '@schemas/entities/site-admin.schema';
import type { UserListItem } from '@schemas/entities/user.schema';
import { useMutation } from '@tanstack/react-query';
import { api } from '../api';
import { useSiteAdminUserSaved } from './site-admin-users';

/** `POST users`: an administrator creates an account; answers with its row (201). */
export function useCreateUser() {
  const saved = useSiteAdminUserSaved();
  return useMutation({
    mutationFn: async (body: UserCreate) =>
      (await api.post<Envelope<UserListItem>>('users', body, { json: true })).data,
    onSuccess: saved,
  });
}
