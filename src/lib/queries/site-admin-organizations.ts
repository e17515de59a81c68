import { fetchAllPages, type ListEnvelope } from '@engine/core';
import type { Organization } from '@schemas/entities/taxonomy.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api';

/** `GET organizations?limit=100&page`, page after page: every organization, for names and filters. */
export const siteAdminOrganizationsQueryOptions = () =>
  queryOptions({
    queryKey: ['organizations', 'all'] as const,
    queryFn: async ({ signal }) =>
      (
        await fetchAllPages((page) =>
          api.get<ListEnvelope<Organization>>('organizations', {
            searchParams: { limit: 100, page },
            signal,
          }),
        )
      ).data,
    staleTime: 5 * 60_000,
  });

export const useSiteAdminOrganizations = () => useQuery(siteAdminOrganizationsQueryOptions());
