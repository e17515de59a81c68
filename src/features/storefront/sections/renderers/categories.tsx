import { useT } from '@engine/react';
import type { CategoriesContent } from '@schemas/storefront/categories.section';
import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import { useStorefrontTerms } from '@/lib/queries/storefront-terms';
import { SectionFrame } from '../section-frame';
import styles from '../sections.module.css';
import type { SectionProps } from '../types';

/** Categories: the chosen terms of one vocabulary, each linking to its trainings. */
export default function CategoriesSection({ section }: SectionProps) {
  const { t } = useT();
  const content = section.data.content as Partial<CategoriesContent>;
  const vocabulary = content.vocabulary ?? '';
  const chosen = content.terms ?? [];
  const terms = useStorefrontTerms(chosen.length > 0 ? vocabulary : '');
  const columns = Number(section.data.appearance.columns) || 4;
  if (vocabulary === '' || chosen.length === 0) return null;
  const byId = new Map((terms.data ?? []).map((term) => [term.tid, term]));
  const shown = chosen.flatMap((tid) => {
    const term = byId.get(tid);
    return term ? [term] : [];
  });
  if (terms.isSuccess && shown.length === 0) return null;
  return (
    <SectionFrame section={section}>
      {terms.isPending ? (
        <div role="status" className={styles.categories}>
          <span className="visually-hidden">{t('Loading categories')}</span>
          {chosen.slice(0, columns).map((tid) => (
            <span key={tid} className={styles.categorySkeleton} aria-hidden="true" />
          ))}
        </div>
      ) : terms.isError ? null : (
        <ul
          className={styles.categories}
          style={{ '--section-columns': String(columns) } as CSSProperties}
          aria-label={t('Categories')}
        >
          {shown.map((term) => (
            <li key={term.tid}>
              <Link className={styles.category} to={`/trainings?tags=${term.tid}`} dir="auto">
                {term.name}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </SectionFrame>
  );
}
