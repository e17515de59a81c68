import { useT } from '@engine/react';
import { LinkCards } from '@/shell/link-cards/link-cards';
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
      <LinkCards
        label="Course administration"
        cards={[
          {
            title: 'Trainer availability',
            description: 'See when every trainer is available, and find cover for a time slot.',
            to: '/course-administration/availability',
          },
        ]}
      />
    </section>
  );
}
