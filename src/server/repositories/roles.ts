import type { Db } from '../db/db';

/** A role as stored, with the flags it grants (sorted). */
export interface StoredRole {
  name: string;
  label: string;
  weight: number;
  flags: string[];
}

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

    /** Every role by weight, with its flags. */
    async list(): Promise<StoredRole[]> {
      const { rows } = await db.query<StoredRole>(
        `SELECT r.name, r.label, r.weight,
           (SELECT coalesce(array_agg(f.flag ORDER BY f.flag), '{}') FROM role_flags f WHERE f.role = r.name) AS flags
         FROM roles r ORDER BY r.weight, r.name`,
      );
      return rows;
    },

    async get(name: string): Promise<StoredRole | undefined> {
      return (await this.list()).find((r) => r.name === name);
    },

    /** Inside a transaction: locks a role's grants until commit (read-modify-write). */
    async lock(name: string): Promise<void> {
      await db.query('SELECT 1 FROM roles WHERE name = $1 FOR UPDATE', [name]);
    },

    /** Replaces the flags a role grants. */
    async setFlags(name: string, flags: readonly string[]): Promise<void> {
      await db.query('DELETE FROM role_flags WHERE role = $1', [name]);
      for (const flag of new Set(flags))
        await db.query('INSERT INTO role_flags (role, flag) VALUES ($1, $2)', [name, flag]);
    },

    /** How many active (unblocked) accounts hold a role granting the flag. */
    async activeHolders(flag: string): Promise<number> {
      const { rows } = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM users u
          WHERE NOT u.blocked
            AND (EXISTS (SELECT 1 FROM user_roles ur JOIN role_flags f ON f.role = ur.role
                          WHERE ur.uid = u.uid AND f.flag = $1)
                 OR EXISTS (SELECT 1 FROM role_flags f WHERE f.role = 'authenticated' AND f.flag = $1))`,
        [flag],
      );
      return rows[0]?.n ?? 0;
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
