import type { ApiRequestError } from '@engine/core';
import { useT } from '@engine/react';
import { SchemaForm } from '@engine/react/schema-form';
import {
  userCreateFormSchema,
  userCreateUiSchema,
  type UserCreateForm,
} from '@schemas/forms/user-create.schema';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useCountries } from '@/lib/queries/countries';
import { useLanguages } from '@/lib/queries/languages';
import { useSiteAdminOrganizations } from '@/lib/queries/site-admin-organizations';
import { useSiteAdminRoles } from '@/lib/queries/site-admin-roles';
import { useCreateUser } from '@/lib/queries/site-admin-user-create';
import { useNotify } from '@/shell/notifications/notifications-provider';
import { PageHeader } from '@/shell/page/page-header';
import { ErrorState } from '@/shell/states/states';
import { CheckboxGroupWidget } from '../components/checkbox-group-widget';
import { asApiError, userMessage } from '../components/errors';
import { TableSkeleton } from '@/shell/states/table-skeleton';
import { listFieldErrors, withUserChoices } from '../components/user-form';
import styles from '../components/users.module.css';

const LIST = '/settings/site/users';

const uiSchema = {
  ...userCreateUiSchema,
  roles: { ...userCreateUiSchema.roles, 'ui:widget': CheckboxGroupWidget },
  organizations: { ...userCreateUiSchema.organizations, 'ui:widget': CheckboxGroupWidget },
};

/** /settings/site/users/create: an administrator opens an account for someone. */
export default function UserCreatePage() {
  const { t } = useT();
  const roles = useSiteAdminRoles();
  const organizations = useSiteAdminOrganizations();
  const languages = useLanguages();
  const countries = useCountries();
  const queries = [roles, organizations, languages, countries];
  const schema = useMemo(
    () =>
      roles.data && organizations.data && languages.data && countries.data
        ? withUserChoices(
            userCreateFormSchema,
            {
              roles: roles.data,
              organizations: organizations.data,
              languages: languages.data,
              countries: countries.data.countries,
            },
            t,
          )
        : undefined,
    [roles.data, organizations.data, languages.data, countries.data, t],
  );

  return (
    <div>
      <PageHeader
        title={t('New user')}
        lead={t('An account someone can sign in with at once, with their roles and organizations.')}
      />
      <div className={styles.panel}>
        {queries.some((q) => q.isError) ? (
          <ErrorState
            message={t('The form could not be loaded.')}
            onRetry={() => queries.filter((q) => q.isError).forEach((q) => void q.refetch())}
          />
        ) : schema ? (
          <UserCreateForm schema={schema} />
        ) : (
          <TableSkeleton rows={8} />
        )}
      </div>
    </div>
  );
}

function UserCreateForm({ schema }: { schema: object }) {
  const { t } = useT();
  const { notify } = useNotify();
  const navigate = useNavigate();
  const create = useCreateUser();
  const [error, setError] = useState<ApiRequestError | null>(null);
  const serverErrors = useMemo(() => listFieldErrors(error), [error]);

  const submit = async (data: UserCreateForm) => {
    setError(null);
    try {
      const user = await create.mutateAsync(data);
      notify('success', t('The account of @name has been created.', { name: user.full_name }));
      void navigate(`${LIST}/${user.uid}`);
    } catch (e) {
      const failure = asApiError(e);
      // A taken name (409) comes with its field, like the 400 field messages.
      if (failure.messages.length) setError(failure);
      else notify('error', userMessage(failure) ?? t('Something went wrong, please try again.'));
    }
  };

  return (
    <SchemaForm<UserCreateForm>
      schema={schema}
      uiSchema={uiSchema}
      onSubmit={submit}
      serverErrors={serverErrors}
      submitLabel="Create user"
      actions={
        <Link className={styles.secondary} to={LIST}>
          {t('Cancel')}
        </Link>
      }
    />
  );
}
