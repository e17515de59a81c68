import { useFormatDate, useT } from '@engine/react';
import type { ExpirySchedule } from '@schemas/entities/incentives.schema';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  useAdminSchedules,
  useDeleteAdminSchedule,
} from '@/lib/queries/incentives-admin-schedules';
import { ConfirmDialog } from '@/shell/confirm-dialog/confirm-dialog';
import { useNotify } from '@/shell/notifications/notifications-provider';
import { PageHeader } from '@/shell/page/page-header';
import { Pager } from '@/shell/pager/pager';
import { EmptyState, ErrorState } from '@/shell/states/states';
import styles from '../components/admin.module.css';
import { RowActions } from '../components/row-actions';
import { userMessage } from '../components/errors';
import { scheduleText } from '../components/schedule-text';
import { TableSkeleton } from '@/shell/states/table-skeleton';

const LIMIT = 25;
const BASE = '/settings/incentives/schedules';

/** /settings/incentives/schedules: when earned points expire. */
export default function SchedulesPage() {
  const { t, plural } = useT();
  const formatDate = useFormatDate();
  const { notify } = useNotify();
  const [params] = useSearchParams();
  const page = Math.max(0, Number(params.get('page')) || 0);
  const schedules = useAdminSchedules({ page, limit: LIMIT });
  const remove = useDeleteAdminSchedule();
  const [pending, setPending] = useState<ExpirySchedule | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const confirmDelete = async () => {
    const schedule = pending;
    setPending(null);
    if (!schedule) return;
    setFailure(null);
    try {
      await remove.mutateAsync(schedule.id);
      notify('success', t('@name has been deleted.', { name: schedule.name }));
    } catch (error) {
      // A schedule still in use answers 409 with the reason; it stays on the page to read.
      setFailure(userMessage(error) ?? t('Something went wrong, please try again.'));
    }
  };

  const list = schedules.data;
  return (
    <div>
      <PageHeader
        title={t('Expiry schedules')}
        lead={t('When earned points expire.')}
        actions={
          <Link className={styles.primary} to={`${BASE}/create`}>
            {t('New expiry schedule')}
          </Link>
        }
      />
      {failure ? (
        <p className={styles.notice} role="alert">
          {failure}
        </p>
      ) : null}

      {schedules.isPending ? (
        <TableSkeleton />
      ) : schedules.isError ? (
        <ErrorState
          message={t('The expiry schedules could not be loaded.')}
          onRetry={() => void schedules.refetch()}
        />
      ) : !list || list.data.length === 0 ? (
        <EmptyState
          title={t('No expiry schedules yet.')}
          action={
            <Link className={styles.primary} to={`${BASE}/create`}>
              {t('Create the first schedule')}
            </Link>
          }
        >
          <p>{t('Without a schedule, earned points never expire.')}</p>
        </EmptyState>
      ) : (
        <>
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <caption>{plural(list.meta.total, '@count schedule', '@count schedules')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('Name')}</th>
                  <th scope="col">{t('Points expire')}</th>
                  <th scope="col">{t('Status')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('Actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.data.map((schedule) => (
                  <tr key={schedule.id}>
                    <th scope="row">{schedule.name}</th>
                    <td data-label={t('Points expire')}>
                      {scheduleText(schedule, t, plural, formatDate)}
                    </td>
                    <td data-label={t('Status')}>
                      <span className={schedule.enabled ? styles.badgeOn : styles.badgeOff}>
                        {schedule.enabled ? t('On') : t('Off')}
                      </span>
                    </td>
                    <td>
                      <RowActions
                        name={schedule.name}
                        editTo={`${BASE}/${schedule.id}/edit`}
                        onDelete={() => setPending(schedule)}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className={styles.footer}>
            <Pager meta={list.meta} hrefFor={(p) => (p > 0 ? `${BASE}?page=${p}` : BASE)} />
          </div>
        </>
      )}

      <ConfirmDialog
        open={pending !== null}
        title={t('Delete this expiry schedule?')}
        confirmLabel={t('Delete')}
        danger
        onConfirm={() => void confirmDelete()}
        onCancel={() => setPending(null)}
      >
        {pending
          ? t('@name will be deleted. Points it already set to expire keep their date.', {
              name: pending.name,
            })
          : null}
      </ConfirmDialog>
    </div>
  );
}
