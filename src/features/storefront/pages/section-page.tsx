import { useT } from '@engine/react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { useStorefrontSection } from '@/lib/queries/storefront-section';
import { PageHeader } from '@/shell/page/page-header';
import { TrainingGrid, TrainingGridSkeleton } from '@/shell/trainings/training-grid';
import { Pager } from '@/shell/pager/pager';
import { EmptyState, ErrorState } from '@/shell/states/states';
import { lookOf } from '../sections/section-frame';
import styles from './storefront-page.module.css';

/** The 0-based page of `?page=` (counted from 1 in the address, as in the catalogue). */
function readPage(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 1 ? page - 1 : 0;
}

/** `/storefront/:sectionId`: every training of one storefront section, 24 a page. */
export default function SectionPage() {
  const { t, plural, language } = useT();
  const { sectionId } = useParams();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const page = readPage(params);
  const id = Number(sectionId);
  const section = useStorefrontSection(id, { page, language });
  const title = section.data ? lookOf(section.data).title || t('Trainings') : t('Section');
  const meta = section.data?.trainings_meta;
  const trainings = section.data?.trainings ?? [];

  const hrefFor = (target: number) => {
    const next = new URLSearchParams(params);
    if (target === 0) next.delete('page');
    else next.set('page', String(target + 1));
    const search = next.toString();
    return search ? `${pathname}?${search}` : pathname;
  };

  return (
    <div>
      <PageHeader
        title={title}
        lead={meta ? plural(meta.total, '@count training', '@count trainings') : undefined}
      />
      {section.isPending ? (
        <TrainingGridSkeleton count={6} />
      ) : section.isError ? (
        <ErrorState
          message={t('The trainings could not be loaded.')}
          onRetry={() => void section.refetch()}
        />
      ) : trainings.length === 0 ? (
        <EmptyState
          title={t('No trainings in this section yet.')}
          action={
            <Link className={styles.action} to="/trainings">
              {t('Browse all trainings')}
            </Link>
          }
        />
      ) : (
        <>
          <TrainingGrid trainings={trainings} label={title} headingLevel={2} />
          <Pager page={meta?.page ?? page} totalPages={meta?.totalPages ?? 1} hrefFor={hrefFor} />
        </>
      )}
    </div>
  );
}
