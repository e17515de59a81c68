import { useT } from '@engine/react';
import { SchemaForm } from '@engine/react/schema-form';
import { useMemo } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useAdminSchedule, useSaveAdminSchedule } from '@/lib/queries/incentives-admin-schedules';
import { useNotify } from '@/shell/notifications/notifications-provider';
import { PageHeader } from '@/shell/page/page-header';
import { ErrorState } from '@/shell/states/states';
import styles from '../components/admin.module.css';
import {
  scheduleFormData,
  scheduleFormSchema,
  scheduleUiSchema,
  toScheduleInput,
  type ScheduleFormData,
} from '../components/schedule-form.schema';
import { TableSkeleton } from '@/shell/states/table-skeleton';
import { useFormSave } from '../components/use-form-save';

const LIST = '/settings/incentives/schedules';

/** /settings/incentives/schedules/create and /{scheduleId}/edit: an expiry schedule's form. */
export default function ScheduleFormPage() {
  const { t } = useT();
  const { scheduleId } = useParams();
  const navigate = useNavigate();
  const { notify } = useNotify();
  const schedule = useAdminSchedule(scheduleId);
  const save = useSaveAdminSchedule(scheduleId);
  const editing = scheduleId !== undefined;
  const formData = useMemo(
    () =>
      editing ? (schedule.data ? scheduleFormData(schedule.data) : undefined) : scheduleFormData(),
    [editing, schedule.data],
  );

  const { error, submit } = useFormSave<ScheduleFormData>(
    async (data) => {
      await save.mutateAsync(toScheduleInput(data));
    },
    () => {
      notify('success', t('The expiry schedule has been saved.'));
      void navigate(LIST);
    },
  );

  return (
    <div>
      <PageHeader
        title={editing ? t('Edit expiry schedule') : t('New expiry schedule')}
        lead={t(
          'Points expire a number of months after they were earned, or on one date each year.',
        )}
      />
      <div className={styles.panel}>
        {editing && schedule.isError ? (
          <ErrorState
            message={t('The expiry schedule could not be loaded.')}
            onRetry={() => void schedule.refetch()}
          />
        ) : !formData ? (
          <TableSkeleton rows={4} />
        ) : (
          <SchemaForm<ScheduleFormData>
            key={scheduleId ?? 'new'}
            schema={scheduleFormSchema}
            uiSchema={scheduleUiSchema}
            formData={formData}
            onSubmit={submit}
            serverErrors={error}
            actions={
              <Link className={styles.secondary} to={LIST}>
                {t('Cancel')}
              </Link>
            }
          />
        )}
      </div>
    </div>
  );
}
