import { useT } from '@engine/react';
import { ChildPageCards } from '@/shell/link-cards/link-cards';
import { PageHeader } from '@/shell/page/page-header';

/** /course-administration: the course administration landing page. */
export default function CourseAdministrationPage() {
  const { t } = useT();
  return (
    <section>
      <PageHeader
        title={t('Course administration')}
        lead={t('Tools for planning trainings and the people who run them.')}
      />
      <ChildPageCards label={t('Course administration')} />
    </section>
  );
}
