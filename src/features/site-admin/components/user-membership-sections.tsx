import type { ApiRequestError } from '@engine/core';
import { useT } from '@engine/react';
import { SchemaForm } from '@engine/react/schema-form';
import type { Role } from '@schemas/entities/site-admin.schema';
import {
  userOrganizationsFormSchema,
  userOrganizationsUiSchema,
  userRolesFormSchema,
  userRolesUiSchema,
} from '@schemas/forms/user-memberships.schema';
import type { Organization } from '@schemas/entities/taxonomy.schema';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { useSaveUserOrganizations } from '@/lib/queries/site-admin-user-organizations';
import { useSaveUserRoles } from '@/lib/queries/site-admin-user-roles';
import { useNotify } from '@/shell/notifications/notifications-provider';
import { CheckboxGroupWidget } from './checkbox-group-widget';
import { asApiError, userMessage } from './errors';
import { implicitRoles } from './roles';
import { listFieldErrors, withUserChoices } from './user-form';
import styles from './users.module.css';

/** Each list as checkboxes: a widget component, which the uiSchema modules cannot name. */
const rolesUi = { roles: { ...userRolesUiSchema.roles, 'ui:widget': CheckboxGroupWidget } };
const organizationsUi = {
  organizations: { ...userOrganizationsUiSchema.organizations, 'ui:widget': CheckboxGroupWidget },
};

/** Saving a whole list: field messages on the list, anything else (a 409) as a notification. */
function useListSave<T>(save: (list: T[]) => Promise<unknown>, success: string) {
  const { t } = useT();
  const { notify } = useNotify();
  const [error, setError] = useState<ApiRequestError | null>(null);
  const serverErrors = useMemo(() => listFieldErrors(error), [error]);
  const submit = async (list: T[]) => {
    setError(null);
    try {
      await save(list);
      notify('success', success);
    } catch (e) {
      const failure = asApiError(e);
      if (failure.status === 400 && failure.messages.length) setError(failure);
      else notify('error', userMessage(failure) ?? t('Something went wrong, please try again.'));
    }
  };
  return { serverErrors, submit };
}

function Section(p: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.sectionTitle}>
        {p.title}
      </h2>
      {p.children}
    </section>
  );
}

/** The roles the person has beyond the implicit ones; replaced as a whole on save. */
export function UserRolesSection(p: {
  uid: number;
  name: string;
  current: readonly string[];
  roles: readonly Role[];
}) {
  const { t } = useT();
  const save = useSaveUserRoles(p.uid);
  const { serverErrors, submit } = useListSave<string>(
    (roles) => save.mutateAsync(roles),
    t('The roles of @name have been saved.', { name: p.name }),
  );
  const schema = useMemo(
    () => withUserChoices(userRolesFormSchema, { roles: p.roles }, t),
    [p.roles, t],
  );
  const [formData] = useState(() => ({
    roles: p.current.filter((role) => !implicitRoles.has(role)),
  }));
  return (
    <Section title={t('Roles')}>
      {p.roles.some((role) => role.assignable) ? (
        <SchemaForm<{ roles?: string[] }>
          schema={schema}
          uiSchema={rolesUi}
          formData={formData}
          onSubmit={(data) => submit(data.roles ?? [])}
          serverErrors={serverErrors}
          submitLabel="Save roles"
        />
      ) : (
        <p className={styles.sectionText}>{t('There are no roles to give.')}</p>
      )}
    </Section>
  );
}

/** The organizations the person belongs to; replaced as a whole on save. */
export function UserOrganizationsSection(p: {
  uid: number;
  name: string;
  current: readonly number[];
  organizations: readonly Organization[];
}) {
  const { t } = useT();
  const save = useSaveUserOrganizations(p.uid);
  const { serverErrors, submit } = useListSave<number>(
    (organizations) => save.mutateAsync(organizations),
    t('The organizations of @name have been saved.', { name: p.name }),
  );
  const schema = useMemo(
    () => withUserChoices(userOrganizationsFormSchema, { organizations: p.organizations }, t),
    [p.organizations, t],
  );
  const [formData] = useState(() => ({ organizations: [...p.current] }));
  return (
    <Section title={t('Organizations')}>
      {p.organizations.length ? (
        <SchemaForm<{ organizations?: number[] }>
          schema={schema}
          uiSchema={organizationsUi}
          formData={formData}
          onSubmit={(data) => submit(data.organizations ?? [])}
          serverErrors={serverErrors}
          submitLabel="Save organizations"
        />
      ) : (
        <p className={styles.sectionText}>{t('There are no organizations yet.')}</p>
      )}
    </Section>
  );
}
