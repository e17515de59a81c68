import { useSession, useT } from '@engine/react';
import type { Language } from '@schemas/entities/language.schema';
import { useLocation } from 'react-router';
import { useGeneralSettings } from '@/lib/queries/general-settings';
import styles from './language-switch.module.css';

/** A langcode as pages and browsers name it (`origin`, the untranslated source, is English). */
const spoken = (langcode: string) => (langcode === 'origin' ? 'en' : langcode);

/** A language's name in the language itself: its native name, else the one Intl knows. */
function ownName(language: Language): string {
  if (language.native_name) return language.native_name;
  const code = spoken(language.langcode);
  try {
    return new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? language.name;
  } catch {
    return language.name;
  }
}

/**
 * The visitor's language switch: the site's languages, each named in itself, as plain links
 * (they work before any script runs, and on pages sent without the portal). Following one keeps
 * the choice in a cookie and comes back to the same page in that language. Hidden for a
 * signed-in user, whose profile's language wins, and on a site with one language.
 */
export function LanguageSwitch() {
  const i18n = useT();
  const session = useSession();
  const { data: general } = useGeneralSettings();
  const location = useLocation();
  const languages = general?.languages ?? [];
  if ((session.user?.uid ?? 0) > 0 || languages.length < 2) return null;
  const current = spoken(general?.current_language ?? 'en');
  const here = `${location.pathname}${location.search}`;
  return (
    <nav className={styles.switch} aria-label={i18n.t('Language')}>
      <ul className={styles.list}>
        {languages.map((language) => {
          const code = spoken(language.langcode);
          const active = code === current;
          return (
            <li key={language.langcode}>
              <a
                className={styles.link}
                href={`/system/language/${encodeURIComponent(language.langcode)}?destination=${encodeURIComponent(here)}`}
                lang={code}
                hrefLang={code}
                dir={language.direction ? 'rtl' : 'ltr'}
                aria-current={active ? 'true' : undefined}
              >
                {ownName(language)}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
