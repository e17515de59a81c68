import {
  profileDocumentFields,
  type CurrentUser,
  type UserListItem,
  type UserPatch,
  type UserProfile,
  type UsersQuery,
} from '@schemas/entities/user.schema';
import type { ListMeta } from '@schemas/entities/common.schema';
import type { Db } from '../db/db';
import { seekAll, seekPage, type PageAsk, type SeekList } from './seek-paging';
import { SqlParams } from './sql-params';

interface UserRow {
  uid: number;
  name: string;
  first_name: string;
  last_name: string;
  avatar: string | null;
  language: string | null;
  timezone: string | null;
  profile: Record<string, unknown>;
  blocked: boolean;
  roles: string[] | null;
  organizations?: number[] | null;
  mail?: string | null;
}

/** What login needs of an account. */
export interface Credentials {
  uid: number;
  pass: string;
  blocked: boolean;
}

/** A new account (seed, administration). */
export interface NewUser {
  name: string;
  pass: string;
  mail?: string;
  first_name?: string;
  last_name?: string;
  language?: string | null;
  timezone?: string | null;
  profile?: Omit<UserProfile, 'first_name' | 'last_name'>;
  roles?: string[];
  organizations?: number[];
}

const USER_COLUMNS = `u.uid, u.name, u.first_name, u.last_name, u.avatar, u.language, u.timezone, u.profile, u.blocked,
  (SELECT coalesce(array_agg(r.role ORDER BY r.role), '{}') FROM user_roles r WHERE r.uid = u.uid) AS roles`;

function fullName(row: UserRow): string {
  return `${row.first_name} ${row.last_name}`.trim() || row.name;
}

function profileOf(row: UserRow): UserProfile {
  const profile: UserProfile = {};
  if (row.first_name) profile.first_name = row.first_name;
  if (row.last_name) profile.last_name = row.last_name;
  const stored = profile as Record<string, unknown>;
  for (const key of profileDocumentFields) {
    const value = row.profile[key];
    if (value !== undefined && value !== null && value !== '') stored[key] = value;
  }
  return profile;
}

const ORGANIZATIONS_COLUMN = `(SELECT coalesce(array_agg(o.organization_id ORDER BY o.organization_id), '{}') FROM user_organizations o WHERE o.uid = u.uid) AS organizations`;

function toListItem(r: UserRow): UserListItem {
  return {
    uid: r.uid,
    name: r.name,
    full_name: fullName(r),
    first_name: r.first_name,
    last_name: r.last_name,
    avatar: r.avatar,
    roles: r.roles ?? [],
    organizations: r.organizations ?? [],
    blocked: r.blocked,
    language: r.language,
    mail: r.mail ?? null,
  };
}

function toCurrentUser(row: UserRow, withProfile: boolean): CurrentUser {
  const user: CurrentUser = {
    uid: row.uid,
    name: row.name,
    language: row.language,
    timezone: row.timezone,
    full_name: fullName(row),
    first_name: row.first_name,
    last_name: row.last_name,
    avatar: row.avatar,
    roles: ['authenticated', ...(row.roles ?? [])],
  };
  if (withProfile) user.profile = profileOf(row);
  return user;
}

/**
 * Up to how many accounts a name search counts one by one (ten pages); beyond, it says about how
 * many: a common fragment matches thousands of accounts, and each is read to be counted.
 */
export const SEARCH_COUNT_LIMIT = 250;

/**
 * The administration's list of users in account order. A search finds a fragment anywhere in the
 * account name, first and last name (the trigram index of migration 0018); the filters by role
 * and organization read their members' index.
 */
function userList(query: UsersQuery): SeekList {
  const params = new SqlParams();
  const where: string[] = [];
  if (query.search) {
    const fragment = `%${query.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(
      `atrium_user_search_text(u.name, u.first_name, u.last_name) LIKE ${params.add(fragment)}`,
    );
  }
  if (query.role)
    where.push(
      `EXISTS (SELECT 1 FROM user_roles r WHERE r.uid = u.uid AND r.role = ${params.add(query.role)})`,
    );
  if (query.organization !== undefined)
    where.push(
      `EXISTS (SELECT 1 FROM user_organizations o WHERE o.uid = u.uid AND o.organization_id = ${params.add(query.organization)})`,
    );
  if (query.blocked !== undefined) where.push(`u.blocked = ${params.add(query.blocked)}`);
  return {
    columns: `${USER_COLUMNS}, u.mail, ${ORGANIZATIONS_COLUMN}`,
    from: 'FROM users u',
    countFrom: 'FROM users u',
    where,
    params,
    order: [{ sql: 'u.uid', type: 'integer' }],
    direction: 'asc',
    // A name search reads each account it counts (the trigram index only narrows them).
    ...(query.search ? { countLimit: SEARCH_COUNT_LIMIT } : {}),
  };
}

/** Accounts, their roles and profiles. */
export function usersRepository(db: Db) {
  return {
    async credentials(name: string): Promise<Credentials | undefined> {
      const { rows } = await db.query<Credentials>(
        'SELECT uid, pass, blocked FROM users WHERE lower(name) = lower($1)',
        [name],
      );
      return rows[0];
    },

    async current(uid: number, withProfile = true): Promise<CurrentUser | undefined> {
      const { rows } = await db.query<UserRow>(
        `SELECT ${USER_COLUMNS} FROM users u WHERE u.uid = $1`,
        [uid],
      );
      return rows[0] && toCurrentUser(rows[0], withProfile);
    },

    async exists(uid: number): Promise<boolean> {
      const { rows } = await db.query('SELECT 1 FROM users WHERE uid = $1', [uid]);
      return rows.length > 0;
    },

    async roles(uid: number): Promise<string[]> {
      const { rows } = await db.query<{ role: string }>(
        'SELECT role FROM user_roles WHERE uid = $1 ORDER BY role',
        [uid],
      );
      return rows.map((r) => r.role);
    },

    /** The administration's list of users, a page at a time by cursor (see {@link userList}). */
    async list(query: UsersQuery & PageAsk): Promise<{ rows: UserListItem[]; meta: ListMeta }> {
      const { rows, meta } = await seekPage<UserRow>(db, userList(query), query);
      return { rows: rows.map(toListItem), meta };
    },

    /** Every account the filters match, in account order, a batch at a time (an export). */
    async *all(query: UsersQuery): AsyncGenerator<UserListItem[]> {
      for await (const rows of seekAll<UserRow>(db, userList(query))) yield rows.map(toListItem);
    },

    /** One user as the administration lists them. */
    async item(uid: number): Promise<UserListItem | undefined> {
      const { rows } = await db.query<UserRow>(
        `SELECT ${USER_COLUMNS}, u.mail, ${ORGANIZATIONS_COLUMN} FROM users u WHERE u.uid = $1`,
        [uid],
      );
      return rows[0] && toListItem(rows[0]);
    },

    /** Inside a transaction: locks an account until commit (read-modify-write). */
    async lock(uid: number): Promise<boolean> {
      const { rows } = await db.query('SELECT 1 FROM users WHERE uid = $1 FOR UPDATE', [uid]);
      return rows.length > 0;
    },

    /** Whether an account has this e-mail address, or signs in with it. */
    async mailTaken(mail: string): Promise<boolean> {
      const { rows } = await db.query(
        'SELECT 1 FROM users WHERE lower(mail) = lower($1) OR lower(name) = lower($1) LIMIT 1',
        [mail],
      );
      return rows.length > 0;
    },

    async nameTaken(name: string): Promise<boolean> {
      const { rows } = await db.query('SELECT 1 FROM users WHERE lower(name) = lower($1)', [name]);
      return rows.length > 0;
    },

    /** Replaces a user's (explicit) roles. */
    async setRoles(uid: number, roles: readonly string[]): Promise<void> {
      await db.query('DELETE FROM user_roles WHERE uid = $1', [uid]);
      for (const role of new Set(roles))
        await db.query('INSERT INTO user_roles (uid, role) VALUES ($1, $2)', [uid, role]);
    },

    /** Replaces a user's organizations. */
    async setOrganizations(uid: number, organizations: readonly number[]): Promise<void> {
      await db.query('DELETE FROM user_organizations WHERE uid = $1', [uid]);
      for (const id of new Set(organizations))
        await db.query('INSERT INTO user_organizations (uid, organization_id) VALUES ($1, $2)', [
          uid,
          id,
        ]);
    },

    async setBlocked(uid: number, blocked: boolean): Promise<void> {
      await db.query('UPDATE users SET blocked = $2 WHERE uid = $1', [uid, blocked]);
    },

    /** Stores a new password hash. */
    async setPassword(uid: number, hash: string): Promise<void> {
      await db.query('UPDATE users SET pass = $2 WHERE uid = $1', [uid, hash]);
    },

    /** Applies a profile patch in one statement. */
    async update(uid: number, patch: UserPatch): Promise<void> {
      const sets: string[] = [];
      const params: unknown[] = [];
      const set = (column: string, value: unknown) => {
        params.push(value);
        sets.push(`${column} = $${params.length}`);
      };
      if (patch.first_name !== undefined) set('first_name', patch.first_name);
      if (patch.last_name !== undefined) set('last_name', patch.last_name);
      if (patch.language !== undefined) set('language', patch.language);
      if (patch.timezone !== undefined) set('timezone', patch.timezone);
      const profile: Record<string, unknown> = {};
      for (const key of profileDocumentFields)
        if (patch[key] !== undefined) profile[key] = patch[key];
      if (Object.keys(profile).length) {
        params.push(JSON.stringify(profile));
        sets.push(`profile = profile || $${params.length}::jsonb`);
      }
      if (!sets.length) return;
      params.push(uid);
      await db.query(`UPDATE users SET ${sets.join(', ')} WHERE uid = $${params.length}`, params);
    },

    async create(user: NewUser): Promise<number> {
      const { rows } = await db.query<{ uid: number }>(
        `INSERT INTO users (name, mail, pass, first_name, last_name, language, timezone, profile)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb) RETURNING uid`,
        [
          user.name,
          user.mail ?? null,
          user.pass,
          user.first_name ?? '',
          user.last_name ?? '',
          user.language ?? null,
          user.timezone ?? null,
          JSON.stringify(user.profile ?? {}),
        ],
      );
      const uid = rows[0]!.uid;
      for (const role of user.roles ?? [])
        await db.query('INSERT INTO user_roles (uid, role) VALUES ($1, $2)', [uid, role]);
      for (const org of user.organizations ?? [])
        await db.query('INSERT INTO user_organizations (uid, organization_id) VALUES ($1, $2)', [
          uid,
          org,
        ]);
      return uid;
    },

    /**
     * Sets or clears the avatar URL in one transaction and returns the previous one, so the
     * caller can remove the replaced file; undefined when the user does not exist.
     */
    async setAvatar(
      uid: number,
      url: string | null,
    ): Promise<{ previous: string | null } | undefined> {
      return db.transaction(async (tx) => {
        const { rows } = await tx.query<{ avatar: string | null }>(
          'SELECT avatar FROM users WHERE uid = $1 FOR UPDATE',
          [uid],
        );
        if (!rows[0]) return undefined;
        await tx.query('UPDATE users SET avatar = $2 WHERE uid = $1', [uid, url]);
        return { previous: rows[0].avatar };
      });
    },

    async count(): Promise<number> {
      const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
      return rows[0]?.n ?? 0;
    },
  };
}
export type UsersRepository = ReturnType<typeof usersRepository>;
