import type { ListEnvelope } from '@engine/core';
import type { AuditEntry, AuditQuery } from '@schemas/entities/site-admin.schema';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api';

/** Every audit-log query starts with this key. */
export const siteAdminAuditRootKey = ['site-admin', 'audit'] as const;

/** `GET admin/audit?page&limit&actor&action&from&to`: administrative changes, newest first. */
export const siteAdminAuditQueryOptions = (query: AuditQuery) =>
  queryOptions({
    queryKey: [...siteAdminAuditRootKey, 'list', query] as const,
    queryFn: ({ signal }) =>
      api.get<ListEnvelope<AuditEntry>>('admin/audit', { searchParams: query, signal }),
    placeholderData: keepPreviousData,
  });

export const useSiteAdminAudit = (query: AuditQuery) => useQuery(siteAdminAuditQueryOptions(query));
