import type { Envelope } from '@engine/core';
import type { CurrentUser } from '@schemas/entities/user.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api';
import { meQueryKey } from './me';
import { userQueryKey } from './user';

/** `POST users/{uid}/avatar` (multipart, field `avatar`): stores a new picture. */
export function useUploadAvatar(uid: number | string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => {
      const body = new FormData();
      body.append('avatar', file, file.name);
      return (
        await api.post<Envelope<CurrentUser>>(`users/${uid}/avatar`, body, {
          multipart: true,
          handleErrors: false,
        })
      ).data;
    },
    onSuccess: (user) => {
      queryClient.setQueryData<CurrentUser>(userQueryKey(uid), user);
      return queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}

/** `DELETE users/{uid}/avatar`: back to the initials. */
export function useDeleteAvatar(uid: number | string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await api.delete<Envelope<CurrentUser>>(`users/${uid}/avatar`, { handleErrors: false }))
        .data,
    onSuccess: (user) => {
      queryClient.setQueryData<CurrentUser>(userQueryKey(uid), user);
      return queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
