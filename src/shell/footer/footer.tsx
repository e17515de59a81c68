import { useT } from '@engine/react';
import { useFooterSettings } from '@/lib/queries/footer-settings';
import { LanguageSwitch } from '../language-switch/language-switch';
import styles from './footer.module.css';

/** Site footer: about, contact, privacy policy and terms of use links, text, copyright and version. */
export function Footer() {
  const i18n = useT();
  const { data } = useFooterSettings();
  const links = data
    ? [data.about, data.contact, data.privacy_policy, data.terms_of_use].filter(
        (l) => l.url && l.title,
      )
    : [];

  return (
    <footer className={styles.footer}>
      {links.length > 0 && (
        <nav aria-label={i18n.t('Footer')}>
          <ul className={styles.links}>
            {links.map((link) => (
              <li key={link.url + link.title}>
                <a href={link.url} dir="auto">
                  {link.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {data?.footer_text && (
        <p className={styles.text} dir="auto">
          {data.footer_text}
        </p>
      )}
      {(data?.footer_copyright || data?.version) && (
        <p className={styles.meta}>
          {data.footer_copyright && <bdi>{data.footer_copyright}</bdi>}
          {data.version &&
            (data.version_url ? (
              <a href={data.version_url}>{i18n.t('Version @version', { version: data.version })}</a>
            ) : (
              <span>{i18n.t('Version @version', { version: data.version })}</span>
            ))}
        </p>
      )}
      <LanguageSwitch />
    </footer>
  );
}
