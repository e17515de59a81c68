import { useSession, useT } from '@engine/react';
import { TrainerAvailability } from '../components/trainer-availability';

/** /availability: the signed-in trainer's own availability. */
export default function MyAvailabilityPage() {
  const { t } = useT();
  const { user } = useSession();
  if (!user) return null;
  return <TrainerAvailability uid={user.uid} mode="own" title={t('My availability')} />;
}
