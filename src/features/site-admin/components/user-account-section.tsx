import type { ApiRequestError } from '@engine/core';
import { useT } from '@engine/react';
import { SchemaForm } from '@engine/react/schema-form';
import type { UserListItem } from '@schemas/entities/user.schema';
import { userPasswordFormSchema, userPasswordUiSchema } from '@schemas/forms/user-password.schema';
import { useState } from 'react';
import { useBlockUser } from '@/lib/queries/site-admin-user-block';
import { useSetUserPassword } from '@/lib/queries/site-admin-user-password';
import { useUnblockUser } from '@/lib/queries/site-admin-user-unblock';
import { ConfirmDialog } from '@/shell/confirm-dialog/confirm-dialog';
import { useNotify } from '@/shell/notifications/notifications-provider';
import { asApiError, userMessage } from './errors';
import shared from './site-admin.module.css';
import styles from './users.module.css';

/** Whether the person may sign in (block, unblock) and a new password for them. */
export function UserAccountSection(p: { user: UserListItem; name: string }) {
  const { t } = useT();
  const { notify } = useNotify();
  const { uid, blocked } = p.user;
  const block = useBlockUser(uid);
  const unblock = useUnblockUser(uid);
  const busy = block.isPending || unblock.isPending;
  const [confirming, setConfirming] = useState(false);

  const change = async (to: 'block' | 'unblock') => {
    setConfirming(false);
    try {
      if (to === 'block') {
        await block.mutateAsync();
        notify('success', t('@name has been blocked.', { name: p.name }));
      } else {
        await unblock.mutateAsync();
        notify('success', t('@name can sign in again.', { name: p.name }));
      }
    } catch (e) {
      notify('error', userMessage(asApiError(e)) ?? t('Something went wrong, please try again.'));
    }
  };

  return (
    <section className={styles.section} aria-labelledby="user-account-heading">
      <h2 id="user-account-heading" className={styles.sectionTitle}>
        {t('Account')}
      </h2>
      <div className={styles.status}>
        <span>
          {t('Status')}{' '}
          {blocked ? (
            <span className={shared.badgeDanger}>{t('Blocked')}</span>
          ) : (
            <span className={shared.badgeOn}>{t('Active')}</span>
          )}
        </span>
        {blocked ? (
          <button
            type="button"
            className={styles.secondary}
            disabled={busy}
            onClick={() => void change('unblock')}
          >
            {t('Unblock')}
          </button>
        ) : (
          <button
            type="button"
            className={styles.secondary}
            disabled={busy}
            onClick={() => setConfirming(true)}
          >
            {t('Block')}
          </button>
        )}
      </div>
      <p className={styles.sectionText}>
        {blocked
          ? t('They cannot sign in until they are unblocked.')
          : t('Blocking them signs them out everywhere and stops them signing in.')}
      </p>
      <h3 className={styles.subTitle}>{t('Set a new password')}</h3>
      <PasswordForm uid={uid} name={p.name} />
      <ConfirmDialog
        open={confirming}
        title={t('Block @name?', { name: p.name })}
        confirmLabel={t('Block')}
        danger
        onConfirm={() => void change('block')}
        onCancel={() => setConfirming(false)}
      >
        <p>{t('They will be signed out everywhere at once and cannot sign in again.')}</p>
      </ConfirmDialog>
    </section>
  );
}

function PasswordForm(p: { uid: number; name: string }) {
  const { t } = useT();
  const { notify } = useNotify();
  const setPassword = useSetUserPassword(p.uid);
  const [error, setError] = useState<ApiRequestError | null>(null);
  // A new form after each success: the password must not stay on the screen.
  const [round, setRound] = useState(0);

  const submit = async (data: { password?: string }) => {
    setError(null);
    try {
      await setPassword.mutateAsync(data.password ?? '');
      setRound((n) => n + 1);
      notify('success', t('The new password of @name has been set.', { name: p.name }));
    } catch (e) {
      const failure = asApiError(e);
      if (failure.status === 400 && failure.messages.length) setError(failure);
      else notify('error', userMessage(failure) ?? t('Something went wrong, please try again.'));
    }
  };

  return (
    <SchemaForm<{ password?: string }>
      key={round}
      schema={userPasswordFormSchema}
      uiSchema={userPasswordUiSchema}
      onSubmit={submit}
      serverErrors={error}
      submitLabel="Set password"
    />
  );
}
