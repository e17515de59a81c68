import { useT } from '@engine/react';
import { Link } from 'react-router';
import { Icon } from '../icons/icons';
import styles from './back-link.module.css';

export interface BackLinkProps {
  /** Link text. */
  title: string;
  url: string;
  /** Full page load instead of client-side navigation. */
  redirect?: boolean;
  /** Translate `title` as an interface source string (off for user content). */
  translate?: boolean;
}

/** A "back" link with an arrow that points the other way in right-to-left languages. */
export function BackLink({ title, url, redirect = false, translate = false }: BackLinkProps) {
  const i18n = useT();
  const label = translate ? i18n.t(title) : title;
  const content = (
    <>
      <Icon name="arrow-back" size={20} className={styles.arrow} />
      <span>{label}</span>
    </>
  );
  return redirect ? (
    <a href={url} className={styles.backLink}>
      {content}
    </a>
  ) : (
    <Link to={url} className={styles.backLink}>
      {content}
    </Link>
  );
}
