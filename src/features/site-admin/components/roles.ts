import type { Role } from '@schemas/entities/site-admin.schema';

/**
 * Labels of the built-in roles (English sources), for when a role's name is known but not yet
 * its label from `GET roles`.
 */
export const roleLabels: Record<string, string> = {
  learner: 'Learner',
  trainer: 'Trainer',
  course_admin: 'Course administrator',
  administrator: 'Administrator',
};

/** Roles every signed-in person has; listing them on each row says nothing. */
export const implicitRoles = new Set(['authenticated', 'anonymous']);

/**
 * A role's name as people read it: its label from `GET roles` (an English source, translated),
 * the built-in label while the roles load, else the machine name.
 */
export function roleNamer(roles: readonly Role[] | undefined, t: (source: string) => string) {
  const labels = new Map((roles ?? []).map((r) => [r.name, r.label]));
  return (role: string) => {
    const label = labels.get(role) ?? roleLabels[role];
    return label ? t(label) : role;
  };
}
