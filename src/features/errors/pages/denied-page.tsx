import { useSession, useT } from '@engine/react';
import { ErrorPage } from '../error-page';

/** /denied: a 403 answer or a switched-off feature. */
export default function DeniedPage() {
  const { t } = useT();
  const { user } = useSession();
  return (
    <ErrorPage
      code={403}
      title={t('Access denied')}
      lead={t(
        'You do not have access to this page. If you think you should, ask your site administrator.',
      )}
      action={
        user
          ? { to: '/dashboard', label: t('Go to My overview') }
          : { to: '/user/login', label: t('Log in') }
      }
    />
  );
}
