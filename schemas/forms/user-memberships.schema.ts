import { userOrganizationsBodySchema, userRolesBodySchema } from '../entities/site-admin.schema';

/**
 * A person's roles and organizations, each saved as a whole: the bodies of
 * `PUT users/{uid}/roles` and `PUT users/{uid}/organizations`. The choices are known only at
 * run time, and the page shows each list as checkboxes (a component of its own), so it adds
 * both to these.
 */
export const userRolesFormSchema = userRolesBodySchema;
export const userOrganizationsFormSchema = userOrganizationsBodySchema;

/** The panel's heading names the group; the checkboxes carry the same name for screen readers. */
export const userRolesUiSchema = {
  roles: { 'ui:title': 'Roles', 'ui:options': { label: false } },
};
export const userOrganizationsUiSchema = {
  organizations: { 'ui:title': 'Organizations', 'ui:options': { label: false } },
};
