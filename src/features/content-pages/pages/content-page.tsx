import { usePageTitle, useRouteMatches, useT } from '@engine/react';
import { useMemo } from 'react';
import { sanitizeAdminHtml } from '@/lib/admin-html';
import { useContentPage } from '@/lib/queries/content-page';
import { PageHeader } from '@/shell/page/page-header';
import { ErrorState } from '@/shell/states/states';
import styles from './content-page.module.css';

/** The content page the route names (`"content"` in routes.config.json), innermost first. */
function useContentKey(): string {
  const matches = useRouteMatches();
  for (const match of [...matches].reverse()) {
    if (match.handle?.content) return match.handle.content;
  }
  return '';
}

/**
 * A content page (about us, contact, privacy policy, terms of use, release notes): the title and
 * text an administrator wrote in the reader's language, or in the site's default language.
 */
export default function ContentPage() {
  const { t, language } = useT();
  const key = useContentKey();
  const page = useContentPage(key, language);
  usePageTitle(page.data?.title);
  const body = useMemo(() => sanitizeAdminHtml(page.data?.body ?? ''), [page.data?.body]);

  if (page.isPending) {
    return (
      <div role="status" className={styles.skeleton}>
        <span className="visually-hidden">{t('Loading page')}</span>
        <span aria-hidden="true" />
        <span aria-hidden="true" />
        <span aria-hidden="true" />
      </div>
    );
  }
  if (page.isError) {
    return (
      <ErrorState
        message={t('This page could not be loaded.')}
        onRetry={() => void page.refetch()}
      />
    );
  }
  const { data } = page;
  // A page shown in the default language, not the reader's, says so to screen readers.
  const lang = data.language === 'origin' ? 'en' : data.language;
  return (
    <article className={styles.page} lang={lang === language ? undefined : lang}>
      <PageHeader title={data.title} />
      {body.trim() ? (
        <div
          className={styles.body}
          // Sanitized by the server when saved and served, and again here.
          dangerouslySetInnerHTML={{ __html: body }}
        />
      ) : (
        <p className={styles.empty}>{t('This page has no text yet.')}</p>
      )}
    </article>
  );
}
