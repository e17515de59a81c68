import type { Db } from '../db/db';

/** Roles and the access flags they grant. */
export function rolesRepository(db: Db) {
  return {
    /** Flags granted by any of the roles. */
    async grants(roles: readonly string[]): Promise<Set<string>> {
      if (!roles.length) return new Set();
      const placeholders = roles.map((_, i) => `$${i + 1}`).join(', ');
      const { rows } = await db.query<{ flag: string }>(
        `SELECT DISTINCT flag FROM role_flags WHERE role IN (${placeholders})`,
        roles,
      );
      return new Set(rows.map((r) => r.flag));
    },

    async create(
      name: string,
      label: string,
      weight: number,
      flags: readonly string[],
    ): Promise<void> {
      await db.query('INSERT INTO roles (name, label, weight) VALUES ($1, $2, $3)', [
        name,
        label,
        weight,
      ]);
      for (const flag of flags)
        await db.query('INSERT INTO role_flags (role, flag) VALUES ($1, $2)', [name, flag]);
    },
  };
}
export type RolesRepository = ReturnType<typeof rolesRepository>;
