import { useSession, useT } from '@engine/react';
import { ErrorPage } from '../error-page';

/** /not-found and any unknown path. */
export default function NotFoundPage() {
  const { t } = useT();
  const { user } = useSession();
  return (
    <ErrorPage
      code={404}
      title={t('Page not found')}
      lead={t(
        'The page you are looking for does not exist or has moved. Check the address, or start again from the home page.',
      )}
      action={
        user
          ? { to: '/dashboard', label: t('Go to My overview') }
          : { to: '/', label: t('Go to the home page') }
      }
    />
  );
}
