import type { Envelope, ListEnvelope } from '@engine/core';
import type { PageQuery } from '@schemas/entities/common.schema';
import type { ExpirySchedule, ExpiryScheduleInput } from '@schemas/entities/incentives.schema';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../api';

/** Every expiry schedule query (lists and details) starts with this key. */
export const adminSchedulesRootKey = ['incentives-admin', 'schedules'] as const;

export const adminScheduleKey = (id: number | string) =>
  [...adminSchedulesRootKey, 'detail', String(id)] as const;

/** `GET incentives/expiry_schedules?page&limit`: the expiry schedules. */
export const adminSchedulesQueryOptions = (query: PageQuery) =>
  queryOptions({
    queryKey: [...adminSchedulesRootKey, 'list', query] as const,
    queryFn: ({ signal }) =>
      api.get<ListEnvelope<ExpirySchedule>>('incentives/expiry_schedules', {
        searchParams: query,
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const useAdminSchedules = (query: PageQuery) => useQuery(adminSchedulesQueryOptions(query));

/** `GET incentives/expiry_schedules/{id}`. */
export const adminScheduleQueryOptions = (id: number | string) =>
  queryOptions({
    queryKey: adminScheduleKey(id),
    queryFn: async ({ signal }) =>
      (await api.get<Envelope<ExpirySchedule>>(`incentives/expiry_schedules/${id}`, { signal }))
        .data,
  });

export const useAdminSchedule = (id: number | string | undefined) =>
  useQuery({ ...adminScheduleQueryOptions(id ?? ''), enabled: id !== undefined });

/** `POST incentives/expiry_schedules` or `PATCH incentives/expiry_schedules/{id}`. */
export function useSaveAdminSchedule(id?: number | string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (schedule: ExpiryScheduleInput) =>
      (id === undefined
        ? await api.post<Envelope<ExpirySchedule>>('incentives/expiry_schedules', schedule, {
            json: true,
          })
        : await api.patch<Envelope<ExpirySchedule>>(`incentives/expiry_schedules/${id}`, schedule, {
            json: true,
          })
      ).data,
    onSuccess: async (schedule) => {
      if (schedule && typeof schedule.id === 'number')
        queryClient.setQueryData(adminScheduleKey(schedule.id), schedule);
      await queryClient.invalidateQueries({ queryKey: [...adminSchedulesRootKey, 'list'] });
    },
  });
}

/** `DELETE incentives/expiry_schedules/{id}`; a schedule in use answers 409 with its reason. */
export function useDeleteAdminSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api.delete<unknown>(`incentives/expiry_schedules/${id}`, { handleErrors: false }),
    onSuccess: async (_answer, id) => {
      queryClient.removeQueries({ queryKey: adminScheduleKey(id) });
      await queryClient.invalidateQueries({ queryKey: [...adminSchedulesRootKey, 'list'] });
    },
  });
}
