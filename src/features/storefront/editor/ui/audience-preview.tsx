import type { Translator } from '@engine/core';
import { useT } from '@engine/react';
import type { StorefrontRestrictionOptions } from '@schemas/entities/storefront.schema';
import { useId } from 'react';
import { useStorefrontPreview, type PreviewFilters } from '@/lib/queries/storefront-manage';
import { EmptyState, ErrorState } from '@/shell/states/states';
import { SectionsSkeleton } from '../../components/sections-skeleton';
import { hasRenderableSections, StorefrontSections } from '../../sections/storefront-sections';
import styles from './audience-preview.module.css';

export interface AudiencePreviewProps {
  type: 'registered' | 'unregistered';
  /** The layout's language. */
  language: string;
  filters: PreviewFilters;
  /** The target audience dialog's restrictions, to name the chosen options. */
  restrictions: readonly StorefrontRestrictionOptions[];
  onExit: () => void;
}

/** Each chosen criterion as "Label: option, option", in the restrictions' order. */
function describeCriteria(
  restrictions: readonly StorefrontRestrictionOptions[],
  filters: PreviewFilters,
  { t, language }: Translator,
): string[] {
  const list = new Intl.ListFormat(language, { type: 'unit', style: 'short' });
  const described: string[] = [];
  const add = (label: string, value: PreviewFilters[string], name: (v: string) => string) => {
    if (value === null || value === undefined) return;
    const values = (Array.isArray(value) ? value : [value]).map((v) => name(String(v)));
    if (values.length > 0)
      described.push(t('@label: @values', { label, values: list.format(values) }));
  };
  for (const restriction of restrictions)
    add(
      t(restriction.label),
      filters[restriction.type],
      (v) => restriction.options.find((o) => String(o.value) === v)?.label ?? v,
    );
  // A filter no restriction describes still narrows the audience: name it by its key.
  const known = new Set<string>(restrictions.map((r) => r.type));
  for (const [key, value] of Object.entries(filters))
    if (!known.has(key)) add(key, value, (v) => v);
  return described;
}

/**
 * The saved storefront layout as the audience `filters` describe would see it, under a banner
 * that names the audience and leads out of the preview.
 */
export function AudiencePreview({
  type,
  language,
  filters,
  restrictions,
  onExit,
}: AudiencePreviewProps) {
  const translator = useT();
  const { t } = translator;
  const titleId = useId();
  const preview = useStorefrontPreview(type, language, filters);
  const criteria = describeCriteria(restrictions, filters, translator);

  let body;
  if (preview.isPending) body = <SectionsSkeleton />;
  else if (preview.isError)
    body = (
      <ErrorState
        message={t('The preview could not be loaded.')}
        onRetry={() => void preview.refetch()}
      />
    );
  else if (!hasRenderableSections(preview.data.sections, true))
    body = <EmptyState title={t('No section is shown to this audience.')} />;
  else body = <StorefrontSections sections={preview.data.sections} preview />;

  return (
    <div className={styles.preview}>
      <section className={styles.banner} aria-labelledby={titleId}>
        <p className={styles.text}>
          <strong id={titleId} className={styles.title}>
            {t('Previewing the storefront as:')}
          </strong>{' '}
          <span className={styles.criteria}>{criteria.join(' · ')}</span>
        </p>
        <button type="button" className={styles.exit} onClick={onExit}>
          {t('Exit preview')}
        </button>
      </section>
      {body}
    </div>
  );
}
