import { useT } from '@engine/react';
import { Navigate, useParams } from 'react-router';
import { BackLink } from '@/shell/back-link/back-link';
import { TrainerAvailability } from '../components/trainer-availability';

/** /course-administration/availability/{uid}: one trainer's calendar for a course administrator. */
export default function TrainerAvailabilityPage() {
  const { t } = useT();
  const uid = Number(useParams().uid);
  if (!Number.isInteger(uid) || uid < 1) return <Navigate replace to="/not-found" />;
  return (
    <TrainerAvailability
      key={uid}
      uid={uid}
      mode="manage"
      title={t('Trainer availability')}
      before={
        <BackLink
          title="Trainer availability"
          url="/course-administration/availability"
          translate
        />
      }
    />
  );
}
