import type { Envelope } from '@engine/core';
import type { AccessMatrix, Role } from '@schemas/entities/site-admin.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api';
import { generalSettingsQueryKey } from './general-settings';
import { navigationQueryOptions } from './navigation';
import { siteAdminAccessQueryKey } from './site-admin-access';
import { siteAdminAuditRootKey } from './site-admin-audit';

/** One role and the whole list of flags it should grant from now on. */
export interface RoleAccessChange {
  role: string;
  flags: string[];
}

/**
 * `PUT admin/access/{role}`: replaces the flags a role grants. Success writes the saved role into
 * the access matrix. The administrator's own flags and sidebar may depend on the role, and the
 * change adds an audit entry, so those refetch. A failure refetches the matrix the server holds.
 */
export function useSaveRoleAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ role, flags }: RoleAccessChange) =>
      (
        await api.put<Envelope<Role>>(
          `admin/access/${encodeURIComponent(role)}`,
          { flags },
          // JSON keeps an emptied list; a 404 (a role removed meanwhile) is reported, not navigated to.
          { json: true, handleErrors: false },
        )
      ).data,
    onSuccess: async (saved) => {
      queryClient.setQueryData<AccessMatrix>(siteAdminAccessQueryKey, (matrix) =>
        matrix
          ? {
              ...matrix,
              roles: matrix.roles.map((r) =>
                r.name === saved.name
                  ? { name: saved.name, label: saved.label, flags: saved.flags }
                  : r,
              ),
            }
          : matrix,
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: generalSettingsQueryKey }),
        queryClient.invalidateQueries({ queryKey: navigationQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: siteAdminAuditRootKey }),
      ]);
    },
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: siteAdminAccessQueryKey });
    },
  });
}
