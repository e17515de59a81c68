import { useRef, type KeyboardEvent } from 'react';
import { useT } from './i18n';
import './language-tabs.css';

/** A site language as language tabs offer it. */
export interface TabLanguage {
  langcode: string;
  /** English name, the fallback of its own name. */
  name: string;
  /** Its name in itself ("العربية"), when the site gives one. */
  nativeName?: string;
  dir: 'ltr' | 'rtl';
}

/** The langcode a browser knows (`origin`, the untranslated source, is English). */
const spoken = (langcode: string) => (langcode === 'origin' ? 'en' : langcode);

/**
 * A language's name in the language itself: the site's native name, else the one the browser
 * knows, else its English name.
 *
 * @example
 * ownLanguageName({ langcode: 'ar', name: 'Arabic', dir: 'rtl' }); // "العربية"
 */
export function ownLanguageName(language: TabLanguage): string {
  if (language.nativeName?.trim()) return language.nativeName;
  const code = spoken(language.langcode);
  try {
    return new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? language.name;
  } catch {
    return language.name;
  }
}

export interface LanguageTabsProps {
  /** The tab list's accessible name, e.g. "Languages of Title". */
  label: string;
  languages: readonly TabLanguage[];
  /** The selected tab's langcode. */
  active: string;
  onSelect(langcode: string): void;
  /** The id of the tab of `langcode` (the panel names itself by it). */
  tabId(langcode: string): string;
  /** The id of the panel the tabs control. */
  panelId: string;
  /** Whether a language's text is still to be written: its tab says so. */
  missing?(langcode: string): boolean;
  /** Whether a language's text was refused (the server's message shows under the text): its tab says so. */
  invalid?(langcode: string): boolean;
}

/**
 * A tab per site language, each named in its own language and script, for a text written in
 * each of them. Arrow keys (the other way in a right-to-left page), Home and End move between
 * the tabs; only the selected tab is in the tab order.
 *
 * @example
 * <LanguageTabs label={t('Languages of @field', { field })} languages={all} active={code}
 *   onSelect={setCode} tabId={(c) => `${id}-${c}`} panelId={`${id}-panel`} />
 * <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${code}`}>…</div>
 */
export function LanguageTabs(p: LanguageTabsProps) {
  const { t } = useT();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const move = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const rtl = event.currentTarget.closest('[dir]')?.getAttribute('dir') === 'rtl';
    const count = p.languages.length;
    const step =
      event.key === 'ArrowRight' ? (rtl ? -1 : 1) : event.key === 'ArrowLeft' ? (rtl ? 1 : -1) : 0;
    let next: number | undefined;
    if (step) next = (index + step + count) % count;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = count - 1;
    if (next === undefined) return;
    event.preventDefault();
    p.onSelect(p.languages[next]!.langcode);
    tabs.current[next]?.focus();
  };
  return (
    <div className="language-tabs" role="tablist" aria-label={p.label}>
      {p.languages.map((language, index) => {
        const selected = language.langcode === p.active;
        return (
          <button
            key={language.langcode}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={p.tabId(language.langcode)}
            aria-selected={selected}
            aria-controls={p.panelId}
            tabIndex={selected ? 0 : -1}
            className="language-tab"
            onClick={() => p.onSelect(language.langcode)}
            onKeyDown={(event) => move(event, index)}
          >
            <span lang={spoken(language.langcode)} dir={language.dir}>
              {ownLanguageName(language)}
            </span>
            {p.invalid?.(language.langcode) ? (
              <>
                {' '}
                <span className="language-tab-invalid">{t('to correct')}</span>
              </>
            ) : p.missing?.(language.langcode) ? (
              <>
                {' '}
                <span className="language-tab-missing">{t('not translated')}</span>
              </>
            ) : null}
          </button>
        );
      })}
    </div>
  );
}
