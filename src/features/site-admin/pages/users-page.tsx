import { useT } from '@engine/react';
import type { UserListItem, UsersQuery } from '@schemas/entities/user.schema';
import { useId, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useSiteAdminOrganizations } from '@/lib/queries/site-admin-organizations';
import { useSiteAdminRoles } from '@/lib/queries/site-admin-roles';
import { useSiteAdminUsers } from '@/lib/queries/site-admin-users';
import { Avatar } from '@/shell/avatar/avatar';
import { ExportButton } from '@/shell/export/export-button';
import { PageHeader } from '@/shell/page/page-header';
import { Pager, pageAddress, pageInAddress, type PageCursor } from '@/shell/pager/pager';
import { EmptyState, ErrorState } from '@/shell/states/states';
import { implicitRoles, roleNamer } from '../components/roles';
import styles from '../components/site-admin.module.css';
import { TableSkeleton } from '@/shell/states/table-skeleton';
import buttons from '../components/users.module.css';
import own from './users-page.module.css';

const LIMIT = 25;
const BASE = '/settings/site/users';
const FILTERS = ['search', 'role', 'organization', 'blocked'] as const;

/** The list query the address describes; values that do not fit the contract are left out. */
function readQuery(params: URLSearchParams): UsersQuery {
  const search = (params.get('search') ?? '').trim().slice(0, 200);
  const role = params.get('role') ?? '';
  const organization = Number(params.get('organization'));
  const blocked = params.get('blocked');
  return {
    ...pageInAddress(params),
    limit: LIMIT,
    ...(search ? { search } : {}),
    ...(/^[a-z0-9_]{1,64}$/.test(role) ? { role } : {}),
    ...(Number.isInteger(organization) && organization > 0 ? { organization } : {}),
    ...(blocked === 'true' || blocked === 'false' ? { blocked: blocked === 'true' } : {}),
  };
}

/** /settings/site/users: everyone with an account, searchable, filtered in the address, paged. */
export default function UsersPage() {
  const { t, plural } = useT();
  const [params, setParams] = useSearchParams();
  const query = readQuery(params);
  const users = useSiteAdminUsers(query);
  const organizations = useSiteAdminOrganizations();
  const roles = useSiteAdminRoles();
  const ids = { search: useId(), role: useId(), organization: useId(), blocked: useId() };
  const orgNames = new Map((organizations.data ?? []).map((o) => [o.id, o.name]));

  const applyFilters = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const name of FILTERS) {
      const value = form.get(name);
      if (typeof value === 'string' && value.trim()) next.set(name, value.trim());
    }
    setParams(next);
  };

  const hrefFor = (p: number, cursor?: PageCursor) => pageAddress(BASE, params, p, cursor);

  const roleName = roleNamer(roles.data, t);
  // The chosen role stays a choice while the roles load (same key: the option keeps its selection).
  const roleChoices = (roles.data ?? []).filter((r) => r.assignable).map((r) => r.name);
  if (query.role && !roleChoices.includes(query.role)) roleChoices.push(query.role);
  const filtered = FILTERS.some((name) => params.get(name));
  const list = users.data;
  return (
    <div>
      <PageHeader
        title={t('Users')}
        lead={t('Everyone with an account on this site.')}
        actions={
          <>
            <ExportButton name="users" query={query} total={list?.meta.total} />
            <Link className={buttons.primary} to={`${BASE}/create`}>
              {t('New user')}
            </Link>
          </>
        }
      />

      <form
        className={styles.toolbar}
        onSubmit={applyFilters}
        role="search"
        aria-label={t('Filter users')}
        key={params.toString()}
      >
        <div className={styles.grow}>
          <label htmlFor={ids.search}>{t('Search users')}</label>
          <input
            id={ids.search}
            name="search"
            type="search"
            maxLength={200}
            placeholder={t('Name or username')}
            defaultValue={query.search ?? ''}
          />
        </div>
        <div className={styles.field}>
          <label htmlFor={ids.role}>{t('Role')}</label>
          <select id={ids.role} name="role" defaultValue={query.role ?? ''}>
            <option value="">{t('All roles')}</option>
            {roleChoices.map((role) => (
              <option key={role} value={role}>
                {roleName(role)}
              </option>
            ))}
          </select>
        </div>
        {organizations.data?.length ? (
          <div className={styles.field}>
            <label htmlFor={ids.organization}>{t('Organization')}</label>
            <select
              id={ids.organization}
              name="organization"
              defaultValue={query.organization ?? ''}
            >
              <option value="">{t('All organizations')}</option>
              {organizations.data.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <div className={styles.field}>
          <label htmlFor={ids.blocked}>{t('Status')}</label>
          <select
            id={ids.blocked}
            name="blocked"
            defaultValue={query.blocked === undefined ? '' : String(query.blocked)}
          >
            <option value="">{t('Any status')}</option>
            <option value="false">{t('Active')}</option>
            <option value="true">{t('Blocked')}</option>
          </select>
        </div>
        <div className={styles.buttons}>
          <button type="submit" className={styles.secondary}>
            {t('Apply filters')}
          </button>
          {filtered ? (
            <button type="button" className={styles.small} onClick={() => setParams({})}>
              {t('Clear filters')}
            </button>
          ) : null}
        </div>
      </form>

      {users.isPending ? (
        <TableSkeleton rows={8} />
      ) : users.isError ? (
        <ErrorState
          message={t('The users could not be loaded.')}
          onRetry={() => void users.refetch()}
        />
      ) : !list || list.data.length === 0 ? (
        <EmptyState
          title={filtered ? t('No users match these filters.') : t('No users yet.')}
          action={
            filtered ? (
              <button type="button" className={styles.secondary} onClick={() => setParams({})}>
                {t('Clear filters')}
              </button>
            ) : null
          }
        >
          {filtered ? <p>{t('Try another name, or fewer filters.')}</p> : null}
        </EmptyState>
      ) : (
        <>
          <div className={styles.tableWrap} aria-busy={users.isPlaceholderData}>
            <table className={styles.table}>
              <caption>{plural(list.meta.total, '@count user', '@count users')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('Name')}</th>
                  <th scope="col">{t('Username')}</th>
                  <th scope="col">{t('Roles')}</th>
                  <th scope="col">{t('Organizations')}</th>
                  <th scope="col">{t('Status')}</th>
                  <th scope="col">
                    <span className={own.hidden}>{t('Actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.data.map((user) => (
                  <UserRow
                    key={user.uid}
                    user={user}
                    roleName={roleName}
                    orgName={(id) => orgNames.get(id) ?? t('Organization @id', { id })}
                  />
                ))}
              </tbody>
            </table>
          </div>
          <div className={styles.footer}>
            <Pager meta={list.meta} hrefFor={hrefFor} />
          </div>
        </>
      )}
    </div>
  );
}

function UserRow({
  user,
  roleName,
  orgName,
}: {
  user: UserListItem;
  roleName: (role: string) => string;
  orgName: (id: number) => string;
}) {
  const { t } = useT();
  const display = user.full_name.trim() || user.name;
  const roles = user.roles.filter((role) => !implicitRoles.has(role));
  return (
    <tr>
      <th scope="row" className={own.person}>
        <Avatar name={display} src={user.avatar ?? null} size={36} />
        <span className={own.display}>{display}</span>
      </th>
      <td data-label={t('Username')}>
        <span className={own.username}>{user.name}</span>
      </td>
      <td data-label={t('Roles')}>
        {roles.length ? (
          <span className={styles.badges}>
            {roles.map((role) => (
              <span key={role} className={styles.badge}>
                {roleName(role)}
              </span>
            ))}
          </span>
        ) : (
          <span className={styles.muted}>{t('None')}</span>
        )}
      </td>
      <td data-label={t('Organizations')}>
        {user.organizations.length ? (
          user.organizations.map(orgName).join(', ')
        ) : (
          <span className={styles.muted}>{t('None')}</span>
        )}
      </td>
      <td data-label={t('Status')}>
        {user.blocked ? (
          <span className={styles.badgeDanger}>{t('Blocked')}</span>
        ) : (
          <span className={styles.badgeOn}>{t('Active')}</span>
        )}
      </td>
      <td className={own.actions}>
        <Link
          className={styles.small}
          to={`${BASE}/${user.uid}`}
          aria-label={t('Edit @title', { title: display })}
        >
          {t('Edit')}
        </Link>
      </td>
    </tr>
  );
}
