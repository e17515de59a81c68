import { usePageTitle, useSession, useT } from '@engine/react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { useCountries } from '@/lib/queries/countries';
import { useLanguages } from '@/lib/queries/languages';
import { useSiteAdminOrganizations } from '@/lib/queries/site-admin-organizations';
import { useSiteAdminRoles } from '@/lib/queries/site-admin-roles';
import { useSiteAdminUserRow } from '@/lib/queries/site-admin-users';
import { userQueryOptions } from '@/lib/queries/user';
import { BackLink } from '@/shell/back-link/back-link';
import { PageHeader } from '@/shell/page/page-header';
import { EmptyState, ErrorState } from '@/shell/states/states';
import { asApiError } from '../components/errors';
import { TableSkeleton } from '@/shell/states/table-skeleton';
import { UserAccountSection } from '../components/user-account-section';
import { UserMasqueradeSection } from '../components/user-masquerade-section';
import { UserOrganizationsSection, UserRolesSection } from '../components/user-membership-sections';
import { UserProfileSection } from '../components/user-profile-section';
import styles from '../components/users.module.css';

const LIST = '/settings/site/users';

/**
 * /settings/site/users/{uid}: one person as an administrator manages them: profile, roles,
 * organizations, whether they can sign in, their password, and acting as them.
 */
export default function UserPage() {
  const { t } = useT();
  const { user: me } = useSession();
  const uid = Number(useParams().uid);
  const valid = Number.isInteger(uid) && uid > 0;
  // An unknown person is this page's own state, not a trip to the general not-found page.
  const user = useQuery({ ...userQueryOptions(uid, { handleErrors: false }), enabled: valid });
  const row = useSiteAdminUserRow(uid, valid);
  const roles = useSiteAdminRoles();
  const organizations = useSiteAdminOrganizations();
  const languages = useLanguages();
  const countries = useCountries();
  const name = user.data ? user.data.full_name?.trim() || user.data.name || `#${uid}` : undefined;
  usePageTitle(name);

  if (!valid || asApiError(user.error).status === 404 || asApiError(row.error).status === 404) {
    return (
      <div>
        <PageHeader title={t('User not found')} />
        <EmptyState
          title={t('There is no user with this number.')}
          action={
            <Link className={styles.secondary} to={LIST}>
              {t('Back to users')}
            </Link>
          }
        >
          <p>{t('They may have been removed, or the address is mistyped.')}</p>
        </EmptyState>
      </div>
    );
  }

  const queries = [user, row, roles, organizations, languages, countries];
  const failed = queries.filter((q) => q.isError);
  if (failed.length) {
    return (
      <div>
        <BackLink title={t('Back to users')} url={LIST} />
        <ErrorState
          message={t('This user could not be loaded.')}
          onRetry={() => failed.forEach((q) => void q.refetch())}
        />
      </div>
    );
  }
  if (
    !user.data ||
    !name ||
    !row.data ||
    !roles.data ||
    !organizations.data ||
    !languages.data ||
    !countries.data
  ) {
    return <TableSkeleton rows={10} />;
  }

  const person = user.data;
  const self = me?.uid === uid;
  return (
    <div>
      <BackLink title={t('Back to users')} url={LIST} />
      <PageHeader title={name} lead={[person.name, row.data.mail].filter(Boolean).join(' · ')} />
      <div className={styles.sections}>
        <UserProfileSection
          user={person}
          name={name}
          self={self}
          languages={languages.data}
          countries={countries.data.countries}
        />
        <UserRolesSection uid={uid} name={name} current={row.data.roles} roles={roles.data} />
        <UserOrganizationsSection
          uid={uid}
          name={name}
          current={row.data.organizations}
          organizations={organizations.data}
        />
        <UserAccountSection user={row.data} name={name} />
        {!row.data.blocked && !self ? <UserMasqueradeSection uid={uid} name={name} /> : null}
      </div>
    </div>
  );
}
