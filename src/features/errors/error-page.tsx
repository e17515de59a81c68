import { Link } from 'react-router';
import { PageHeader } from '@/shell/page/page-header';
import styles from './pages/error-page.module.css';

/** The layout shared by /not-found and /denied: the status code, a heading, help and one way on. */
export function ErrorPage(p: {
  code: number;
  title: string;
  lead: string;
  action: { to: string; label: string };
}) {
  return (
    <section className={styles.page}>
      <p className={styles.code} aria-hidden="true">
        {p.code}
      </p>
      <PageHeader title={p.title} lead={p.lead} />
      <Link className={styles.action} to={p.action.to}>
        {p.action.label}
      </Link>
    </section>
  );
}
