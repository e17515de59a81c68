import { useNavigationBlocker, useT } from '@engine/react';
import { useEffect, type ReactNode } from 'react';
import { ConfirmDialog } from './confirm-dialog';

/**
 * While `when` holds (unsaved changes), leaving for another page asks first, and closing or
 * reloading the tab gets the browser's own warning. Staying on the page (a filter or a page
 * number in the address) never asks.
 */
export function LeaveGuard({ when, children }: { when: boolean; children: ReactNode }) {
  const { t } = useT();
  const blocker = useNavigationBlocker(
    ({ currentLocation, nextLocation }) =>
      when && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!when) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [when]);

  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title={t('Leave without saving?')}
      confirmLabel={t('Leave')}
      cancelLabel={t('Stay')}
      danger
      onCancel={() => blocker.reset?.()}
      onConfirm={() => blocker.proceed?.()}
    >
      {children}
    </ConfirmDialog>
  );
}
