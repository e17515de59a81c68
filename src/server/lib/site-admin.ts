import type { AccessFlag } from '@schemas/entities/access-flags.schema';
import type { CurrentUser } from '@schemas/entities/user.schema';
import { HttpError } from '@engine/server';
import type { Repositories } from '../repositories/create-repositories';
import type { UsersRepository } from '../repositories/users';

/** Answer of a change that would leave no active account holding `site_manage`. */
export const NO_ADMINISTRATOR =
  'The site would have no administrator. Give another active user the administrator role first.';

/** 409 when no active account would hold `site_manage` (call inside the change's transaction). */
export async function assertAnAdministratorLeft(repos: Repositories): Promise<void> {
  if ((await repos.roles.activeHolders('site_manage')) === 0)
    throw new HttpError(409, NO_ADMINISTRATOR);
}

type Flags = Readonly<Partial<Record<AccessFlag, boolean>>>;

/** The flag that lets its holder act as another user (masquerade). */
export const MASQUERADE_FLAG: AccessFlag = 'site_manage';

/**
 * Whether someone with the `real` flags may act as someone with the `acting` flags: the real
 * user holds the masquerade right and the other one does not (an administrator never acts as
 * another administrator). Judged when the act starts and again on every request made while it
 * lasts, so a right taken away ends the act at once.
 */
export function mayActAs(real: Flags, acting: Flags): boolean {
  return real[MASQUERADE_FLAG] === true && acting[MASQUERADE_FLAG] !== true;
}

/**
 * The current user for `GET me`, the general settings and the masquerade answers: while an
 * administrator masquerades, `real_user` names them.
 */
export async function currentUserOf(
  users: UsersRepository,
  uid: number,
  realUid: number | undefined,
  withProfile = true,
): Promise<CurrentUser | undefined> {
  const user = await users.current(uid, withProfile);
  if (!user || realUid === undefined) return user;
  const real = await users.current(realUid, false);
  if (!real) return user;
  return {
    ...user,
    real_user: { uid: real.uid, name: real.name ?? '', full_name: real.full_name ?? '' },
  };
}
