import { ApiRequestError } from '@engine/core';
import { useT } from '@engine/react';
import type { StorefrontLayout, StorefrontQuery } from '@schemas/entities/storefront.schema';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { hasRenderableSections, StorefrontSections } from '../sections/storefront-sections';
import { ErrorState } from '@/shell/states/states';
import { MoreSections } from './more-sections';
import { SectionsSkeleton } from './sections-skeleton';

/** Whether the query ended with nothing to show: no layout (404), or no section to render. */
export function isEmptyLayout(layout: UseQueryResult<StorefrontLayout>): boolean {
  if (layout.isError) return layout.error instanceof ApiRequestError && layout.error.status === 404;
  return layout.isSuccess && !hasRenderableSections(layout.data.sections);
}

/** A storefront layout query as a page body: skeleton, error with retry, or the sections. */
export function LayoutBody({
  layout,
  query,
  empty,
}: {
  layout: UseQueryResult<StorefrontLayout>;
  /** What the layout was asked with: its later pages are asked the same. */
  query: StorefrontQuery;
  /** Shown when there is no layout (404) or nothing in it to render. */
  empty: ReactNode;
}) {
  const { t } = useT();
  if (isEmptyLayout(layout)) return empty;
  if (layout.isPending) return <SectionsSkeleton />;
  if (layout.isError)
    return (
      <ErrorState
        message={t('The storefront could not be loaded.')}
        onRetry={() => void layout.refetch()}
      />
    );
  const { sections, sections_meta: meta } = layout.data;
  return (
    <>
      <StorefrontSections sections={sections} />
      {meta && meta.totalPages > 1 ? <MoreSections query={query} after={sections.length} /> : null}
    </>
  );
}
