import { useT } from '@engine/react';
import type { StorefrontSection } from '@schemas/entities/storefront.schema';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { useStorefrontSection } from '@/lib/queries/storefront-section';
import { PageHeader } from '@/shell/page/page-header';
import { TrainingGrid, TrainingGridSkeleton } from '@/shell/trainings/training-grid';
import { Pager } from '@/shell/pager/pager';
import { EmptyState, ErrorState } from '@/shell/states/states';
import { declarationOf } from '../sections/registry';
import { lookOf } from '../sections/section-frame';
import { hasRenderableSections, StorefrontSections } from '../sections/storefront-sections';
import styles from './storefront-page.module.css';

/** The 0-based page of `?page=` (counted from 1 in the address, as in the catalogue). */
function readPage(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 1 ? page - 1 : 0;
}

/** Whether the section's type lists trainings: its page then pages through them. */
const listsTrainings = (section: StorefrontSection) =>
  declarationOf(section.type)?.lists === 'trainings';

/**
 * `/storefront/:sectionId`: one storefront section on its own page. A section that lists
 * trainings shows every one of them, 24 a page; any other shows its content.
 */
export default function SectionPage() {
  const { t, plural, language } = useT();
  const { sectionId } = useParams();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const page = readPage(params);
  const id = Number(sectionId);
  const section = useStorefrontSection(id, { page, language });
  const listing = section.data ? listsTrainings(section.data) : true;
  const declaration = section.data ? declarationOf(section.data.type) : null;
  const title = section.data
    ? lookOf(section.data).title ||
      (listing ? t('Trainings') : declaration ? t(declaration.label) : t('Section'))
    : t('Section');
  const meta = listing ? section.data?.trainings_meta : undefined;
  const trainings = section.data?.trainings ?? [];

  const hrefFor = (target: number) => {
    const next = new URLSearchParams(params);
    if (target === 0) next.delete('page');
    else next.set('page', String(target + 1));
    const search = next.toString();
    return search ? `${pathname}?${search}` : pathname;
  };

  let body;
  if (section.isPending) body = <TrainingGridSkeleton count={6} />;
  else if (section.isError)
    body = (
      <ErrorState
        message={t('The section could not be loaded.')}
        onRetry={() => void section.refetch()}
      />
    );
  else if (!listing) {
    // The page's heading is the section's title: the section does not repeat it.
    const alone = {
      ...section.data,
      data: {
        ...section.data.data,
        settings: { ...section.data.data.settings, show_title: false },
      },
    };
    body = hasRenderableSections([alone]) ? (
      <StorefrontSections sections={[alone]} />
    ) : (
      <EmptyState title={t('There is nothing to show in this section.')} />
    );
  } else if (trainings.length === 0)
    body = (
      <EmptyState
        title={t('No trainings in this section yet.')}
        action={
          <Link className={styles.action} to="/trainings">
            {t('Browse all trainings')}
          </Link>
        }
      />
    );
  else
    body = (
      <>
        <TrainingGrid trainings={trainings} label={title} headingLevel={2} />
        <Pager meta={meta ?? { page, totalPages: 1 }} hrefFor={hrefFor} />
      </>
    );

  return (
    <div>
      <PageHeader
        title={title}
        lead={meta ? plural(meta.total, '@count training', '@count trainings') : undefined}
      />
      {body}
    </div>
  );
}
