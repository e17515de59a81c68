import { useT } from '@engine/react';
import { ChildPageCards } from '@/shell/link-cards/link-cards';
import { PageHeader } from '@/shell/page/page-header';
import { LearningOverview } from '../overview/learning-overview';

/** /course-administration: the course administration landing page, its learning overview first. */
export default function CourseAdministrationPage() {
  const { t } = useT();
  return (
    <section>
      <PageHeader
        title={t('Course administration')}
        lead={t('Tools for planning trainings and the people who run them.')}
      />
      <LearningOverview />
      <ChildPageCards label={t('Course administration')} />
    </section>
  );
}
