import type { Envelope } from '@engine/core';
import type { AuditActor } from '@schemas/entities/site-admin.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api';
import { siteAdminAuditRootKey } from './site-admin-audit';

/** `GET admin/audit/actors`: everyone with a recorded change, the audit log's "Changed by" choices. */
export const siteAdminAuditActorsQueryOptions = () =>
  queryOptions({
    queryKey: [...siteAdminAuditRootKey, 'actors'] as const,
    queryFn: async ({ signal }) =>
      (await api.get<Envelope<AuditActor[]>>('admin/audit/actors', { signal })).data,
  });

export const useSiteAdminAuditActors = () => useQuery(siteAdminAuditActorsQueryOptions());
