import { useSession } from '@engine/react';
import { lazy, Suspense } from 'react';

const MasqueradeBanner = lazy(() =>
  import('./masquerade-banner').then((module) => ({ default: module.MasqueradeBanner })),
);

/** Loads the masquerade banner only while an administrator acts as another user. */
export function MasqueradeBannerSlot() {
  const { user } = useSession();
  if (!user?.real_user) return null;
  return (
    <Suspense fallback={null}>
      <MasqueradeBanner />
    </Suspense>
  );
}
