import { useFormatDate, useT } from '@engine/react';
import { Link } from 'react-router';
import { useLanguages } from '@/lib/queries/languages';
import { useSiteAdminContentPages } from '@/lib/queries/site-admin-content-pages';
import { PageHeader } from '@/shell/page/page-header';
import { ErrorState } from '@/shell/states/states';
import { TableSkeleton } from '@/shell/states/table-skeleton';
import styles from '../components/site-admin.module.css';

/** /settings/site/pages: the content pages, the languages each is written in, and when. */
export default function ContentPagesPage() {
  const { t } = useT();
  const formatDate = useFormatDate();
  const pages = useSiteAdminContentPages();
  const languages = useLanguages();
  const nameOf = (langcode: string) =>
    languages.data?.find((l) => l.langcode === langcode)?.name ?? langcode;
  return (
    <div>
      <PageHeader
        title={t('Content pages')}
        lead={t(
          'The pages the footer links to. Write each in every language of the site; a page not written in a language is shown in the default language.',
        )}
      />
      {pages.isPending ? (
        <TableSkeleton rows={5} />
      ) : pages.isError ? (
        <ErrorState
          message={t('The content pages could not be loaded.')}
          onRetry={() => void pages.refetch()}
        />
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption className="visually-hidden">{t('Content pages')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('Page')}</th>
                <th scope="col">{t('Address')}</th>
                <th scope="col">{t('Written in')}</th>
                <th scope="col">{t('Last changed')}</th>
              </tr>
            </thead>
            <tbody>
              {pages.data.map((page) => {
                const last = page.versions
                  .map((v) => v.updated_at)
                  .sort()
                  .at(-1);
                return (
                  <tr key={page.key}>
                    <td>
                      <Link className={styles.tableLink} to={page.key}>
                        {t(page.name)}
                      </Link>
                    </td>
                    <td>
                      <a href={page.path} dir="ltr">
                        {page.path}
                      </a>
                    </td>
                    <td>
                      {page.versions.length
                        ? page.versions.map((v) => nameOf(v.langcode)).join(', ')
                        : t('Not written yet')}
                    </td>
                    <td>{last ? formatDate(last, 'short') : '—'}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
