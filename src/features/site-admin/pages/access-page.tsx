import { bracketToDotted } from '@engine/core';
import { useT } from '@engine/react';
import type { AccessMatrix } from '@schemas/entities/site-admin.schema';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useSiteAdminAccess } from '@/lib/queries/site-admin-access';
import { useSaveRoleAccess } from '@/lib/queries/site-admin-save-access';
import { ConfirmDialog } from '@/shell/confirm-dialog/confirm-dialog';
import { LeaveGuard } from '@/shell/confirm-dialog/leave-guard';
import { useNotify } from '@/shell/notifications/notifications-provider';
import { PageHeader } from '@/shell/page/page-header';
import { EmptyState, ErrorState } from '@/shell/states/states';
import { flagGroups, flagText, isLockedCell, roleTitle } from '../components/access-flags';
import { asApiError, userMessage } from '../components/errors';
import styles from '../components/site-admin.module.css';
import { TableSkeleton } from '@/shell/states/table-skeleton';
import own from './access-page.module.css';

type MatrixRole = AccessMatrix['roles'][number];
/** Drafted flag lists by role name; a role is absent until someone ticks one of its boxes. */
type Drafts = Record<string, readonly string[]>;
/** Field messages of a refused save, by role name and then flag. */
type CellErrors = Record<string, Record<string, string>>;

const sameFlags = (a: readonly string[], b: readonly string[]) => {
  const set = new Set(a);
  return set.size === new Set(b).size && b.every((flag) => set.has(flag));
};

/** Names joined as the language joins them ("A, B and C"); a plain list for a code Intl does not know. */
function listOf(language: string, names: string[]): string {
  try {
    return new Intl.ListFormat(language, { type: 'conjunction' }).format(names);
  } catch {
    return names.join(', ');
  }
}

/** /settings/site/access: which access flags every role grants, edited as a matrix. */
export default function AccessPage() {
  const { t } = useT();
  const access = useSiteAdminAccess();
  return (
    <div>
      <PageHeader
        title={t('Roles and access')}
        lead={t('Which parts of the portal each role opens.')}
      />
      {access.isPending ? (
        <TableSkeleton rows={10} />
      ) : access.isError ? (
        <ErrorState
          message={t('The roles and their access could not be loaded.')}
          onRetry={() => void access.refetch()}
        />
      ) : access.data.roles.length === 0 || access.data.flags.length === 0 ? (
        <EmptyState title={t('There are no roles to set access for.')} />
      ) : (
        <AccessEditor matrix={access.data} />
      )}
    </div>
  );
}

function AccessEditor({ matrix }: { matrix: AccessMatrix }) {
  const { t, language } = useT();
  const { notify } = useNotify();
  const save = useSaveRoleAccess();
  const [drafts, setDrafts] = useState<Drafts>({});
  const [cellErrors, setCellErrors] = useState<CellErrors>({});
  const [saving, setSaving] = useState(false);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const errorIds = useId();

  const flagsOf = (role: MatrixRole) => drafts[role.name] ?? role.flags;
  const changed = matrix.roles.filter(
    (role) => drafts[role.name] && !sameFlags(drafts[role.name]!, role.flags),
  );
  const dirty = changed.length > 0;
  const names = (roles: MatrixRole[]) =>
    listOf(
      language,
      roles.map((role) => roleTitle(role, t)),
    );

  // Unsaved ticks are not lost by leaving the page without a word.
  const toggle = (role: MatrixRole, flag: string, on: boolean) => {
    setDrafts((prev) => {
      const next = new Set(prev[role.name] ?? role.flags);
      if (on) next.add(flag);
      else next.delete(flag);
      return { ...prev, [role.name]: [...next] };
    });
    setCellErrors((prev) => {
      if (!prev[role.name]?.[flag]) return prev;
      const { [flag]: _gone, ...rest } = prev[role.name]!;
      return { ...prev, [role.name]: rest };
    });
  };

  const discard = () => {
    setDrafts({});
    setCellErrors({});
    setConfirmDiscard(false);
  };

  // One PUT per changed role, one after another: each answer may refuse (e.g. the last
  // administrator), and the roles that were saved must not wait on the ones that were not.
  const saveAll = async () => {
    if (!dirty) {
      notify('info', t('Nothing has changed.'));
      return;
    }
    setSaving(true);
    setCellErrors({});
    const saved: MatrixRole[] = [];
    const refused: CellErrors = {};
    for (const role of changed) {
      // In the server's order; flags it no longer knows are dropped, as it would refuse them.
      const wanted = new Set(flagsOf(role));
      const flags = matrix.flags.filter((flag) => wanted.has(flag));
      try {
        await save.mutateAsync({ role: role.name, flags });
        saved.push(role);
        setDrafts(({ [role.name]: _saved, ...rest }) => rest);
      } catch (e) {
        const failure = asApiError(e);
        const atCells: Record<string, string> = {};
        for (const m of failure.status === 400 ? failure.messages : []) {
          const [, index] = /^flags\.(\d+)$/.exec(bracketToDotted(m.path)) ?? [];
          const flag = index === undefined ? undefined : flags[Number(index)];
          if (flag) atCells[flag] = t(m.text);
        }
        if (Object.keys(atCells).length) refused[role.name] = atCells;
        else {
          const message = userMessage(failure);
          notify(
            'error',
            t('Access for @role was not saved. @reason', {
              role: roleTitle(role, t),
              reason: message ? t(message) : t('Something went wrong, please try again.'),
            }),
          );
        }
      }
    }
    setCellErrors(refused);
    setSaving(false);
    if (saved.length) notify('success', t('Access saved for @roles.', { roles: names(saved) }));
  };

  const errorList = matrix.roles.flatMap((role) =>
    Object.entries(cellErrors[role.name] ?? {}).map(([flag, text]) => ({ role, flag, text })),
  );
  const errorId = (role: string, flag: string) => `${errorIds}-${role}-${flag}`;
  const groups = flagGroups(matrix.flags, t);

  return (
    <>
      <div className={`${styles.panel} ${own.intro}`}>
        <p>
          <strong>{t('Changes apply at once to everyone with that role.')}</strong>{' '}
          {t('People do not need to sign in again; their next page shows what they may do.')}
        </p>
        <p>
          {t(
            'Visitors are people who are not signed in. Everyone who is signed in also has the Signed-in users role.',
          )}{' '}
          {t(
            'The reward shop and the storefront page also need their switches in the site settings.',
          )}{' '}
          <Link className={styles.tableLink} to="/settings/site/settings">
            {t('Open the site settings')}
          </Link>
        </p>
      </div>

      {errorList.length ? (
        <div className={own.errors} role="alert">
          <p className={own.errorsTitle}>{t('Some changes were not saved:')}</p>
          <ul>
            {errorList.map(({ role, flag, text }) => (
              <li key={`${role.name}-${flag}`} id={errorId(role.name, flag)}>
                {t('@flag for @role: @reason', {
                  flag: flagText(flag, t).label,
                  role: roleTitle(role, t),
                  reason: text,
                })}
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      <div className={own.wrap}>
        <table className={own.matrix}>
          <caption>{t('Access flags by role')}</caption>
          <thead>
            <tr>
              <th scope="col" className={own.corner}>
                {t('Access')}
              </th>
              {matrix.roles.map((role) => {
                const isChanged = changed.includes(role);
                return (
                  <th key={role.name} scope="col" className={own.role}>
                    <span className={own.roleName}>{roleTitle(role, t)}</span>
                    <code className={own.code}>{role.name}</code>
                    {isChanged ? <span className={styles.badge}>{t('Unsaved')}</span> : null}
                  </th>
                );
              })}
            </tr>
          </thead>
          {groups.map((group) => (
            <tbody key={group.label}>
              <tr className={own.group}>
                <th scope="rowgroup" colSpan={matrix.roles.length + 1}>
                  <span>{group.label}</span>
                </th>
              </tr>
              {group.flags.map((flag) => {
                const text = flagText(flag, t);
                return (
                  <tr key={flag}>
                    <th scope="row" className={own.flag}>
                      <span className={own.flagLabel}>{text.label}</span>
                      <code className={own.code}>{flag}</code>
                      {text.description ? (
                        <span className={own.description}>{text.description}</span>
                      ) : null}
                    </th>
                    {matrix.roles.map((role) => {
                      const on = flagsOf(role).includes(flag);
                      const error = cellErrors[role.name]?.[flag];
                      const edited =
                        drafts[role.name] !== undefined && on !== role.flags.includes(flag);
                      return (
                        <td
                          key={role.name}
                          className={own.cell}
                          data-edited={edited || undefined}
                          data-invalid={error ? true : undefined}
                        >
                          <label className={own.hit}>
                            <input
                              type="checkbox"
                              checked={on}
                              disabled={saving || isLockedCell(role.name, flag)}
                              aria-label={t('@flag for @role', {
                                flag: text.label,
                                role: roleTitle(role, t),
                              })}
                              aria-invalid={error ? true : undefined}
                              aria-describedby={error ? errorId(role.name, flag) : undefined}
                              onChange={(event) => toggle(role, flag, event.target.checked)}
                            />
                          </label>
                        </td>
                      );
                    })}
                  </tr>
                );
              })}
            </tbody>
          ))}
        </table>
      </div>

      <div className={own.bar}>
        <p className={own.status} role="status">
          {dirty
            ? t('Unsaved changes for @roles.', { roles: names(changed) })
            : t('No unsaved changes.')}
        </p>
        <div className={styles.buttons}>
          {dirty ? (
            <button
              type="button"
              className={styles.secondary}
              disabled={saving}
              onClick={() => setConfirmDiscard(true)}
            >
              {t('Discard changes')}
            </button>
          ) : null}
          <button
            type="button"
            className={own.primary}
            aria-disabled={saving || undefined}
            onClick={() => {
              if (!saving) void saveAll();
            }}
          >
            {saving ? t('Saving…') : t('Save changes')}
          </button>
        </div>
      </div>

      <ConfirmDialog
        open={confirmDiscard}
        title={t('Discard your unsaved changes?')}
        confirmLabel={t('Discard changes')}
        cancelLabel={t('Keep editing')}
        danger
        onCancel={() => setConfirmDiscard(false)}
        onConfirm={discard}
      >
        <p>{t('The access of @roles goes back to what is saved.', { roles: names(changed) })}</p>
      </ConfirmDialog>

      <LeaveGuard when={dirty}>
        <p>
          {t('Your changes to the access of @roles have not been saved.', {
            roles: names(changed),
          })}
        </p>
      </LeaveGuard>
    </>
  );
}
