import type { Envelope } from '@engine/core';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api';

/** A settings document's value: its shape is the document's declared schema. */
export type SettingsDocumentValue = Record<string, unknown>;

const settingsDocumentQueryKey = (key: string) => ['settings-documents', key] as const;

/** `GET settings/documents/<key>`: a declared settings document, defaults where nothing is saved. */
const settingsDocumentQueryOptions = (key: string) =>
  queryOptions({
    queryKey: settingsDocumentQueryKey(key),
    queryFn: async ({ signal }) =>
      (await api.get<Envelope<SettingsDocumentValue>>(`settings/documents/${key}`, { signal }))
        .data,
  });

export const useSettingsDocument = (key: string) => useQuery(settingsDocumentQueryOptions(key));

/**
 * `PUT settings/documents/<key>` with the whole document: success caches the answer; a failure
 * refetches what the server really holds.
 */
export function useSaveSettingsDocument(key: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // JSON: switches and emptied fields must arrive as false and '' (form encoding drops '').
    mutationFn: async (value: SettingsDocumentValue) =>
      (
        await api.put<Envelope<SettingsDocumentValue>>(`settings/documents/${key}`, value, {
          json: true,
        })
      ).data,
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsDocumentQueryKey(key), saved);
    },
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: settingsDocumentQueryKey(key) });
    },
  });
}
