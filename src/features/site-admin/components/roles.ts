/**
 * The roles an administrator filters people by, with their labels (English sources, translated
 * where shown). There is no roles endpoint yet; other role names are shown as they are.
 */
export const roleLabels: Record<string, string> = {
  learner: 'Learner',
  trainer: 'Trainer',
  course_admin: 'Course administrator',
  administrator: 'Administrator',
};

/** Roles every signed-in person has; listing them on each row says nothing. */
export const implicitRoles = new Set(['authenticated', 'anonymous']);
