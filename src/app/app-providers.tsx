import { createTranslator, directionOf, resolveLanguage, type Translator } from '@engine/core';
import {
  I18nProvider,
  SessionProvider,
  SiteNameProvider,
  ThemeStyle,
  useLoader,
  useMessageFormat,
  type SessionValue,
} from '@engine/react';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useAppearance } from '@/lib/queries/appearance';
import { useBranding } from '@/lib/queries/branding';
import { useGeneralSettings } from '@/lib/queries/general-settings';
import { useMe } from '@/lib/queries/me';
import { useNavigation } from '@/lib/queries/navigation';
import { useTranslations } from '@/lib/queries/translations';
import { accessFlagNames } from '@schemas/entities/access-flags.schema';

/**
 * Loads what every page needs (user, general settings, appearance, translations and, for a
 * signed-in user, the navigation), keeps the full-screen loader up until then, and provides the
 * translator and session to the engine.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const me = useMe();
  const general = useGeneralSettings();
  const appearance = useAppearance();
  const branding = useBranding();
  const user = me.data && me.data.uid > 0 ? me.data : null;
  const navigation = useNavigation(user !== null);

  const language = resolveLanguage(user?.language, general.data?.current_language);
  const translations = useTranslations(language);
  const icu = useMessageFormat(translations.data);
  const dir = directionOf(language, general.data?.languages ?? []);

  const dateFormats = general.data?.date_time_formats;
  const timeZone = user?.timezone || general.data?.current_timezone || 'UTC';
  const translator: Translator = useMemo(
    () =>
      createTranslator({
        language,
        dir,
        translations: translations.data ?? [],
        ...(dateFormats ? { dateFormats } : {}),
        timeZone,
        ...(icu.messageFormat ? { messageFormat: icu.messageFormat } : {}),
      }),
    [language, dir, translations.data, dateFormats, timeZone, icu.messageFormat],
  );

  const session: SessionValue = useMemo(() => {
    const flags = Object.fromEntries(
      accessFlagNames.map((name) => [name, general.data?.[name] === true]),
    ) as SessionValue['flags'];
    return {
      status:
        me.isError || general.isError
          ? 'error'
          : me.isPending || general.isPending
            ? 'loading'
            : 'ready',
      user,
      flags,
    };
  }, [me.isError, me.isPending, general.isError, general.isPending, general.data, user]);

  useEffect(() => {
    document.documentElement.lang = language;
    document.documentElement.dir = dir;
  }, [language, dir]);

  const { show, hide } = useLoader();
  const settled = (q: { isPending: boolean }) => !q.isPending;
  const ready =
    settled(me) &&
    settled(general) &&
    settled(appearance) &&
    settled(translations) &&
    icu.ready &&
    settled(branding) &&
    (user === null || settled(navigation));
  useEffect(() => {
    if (ready) hide();
    else show();
  }, [ready, show, hide]);

  return (
    <I18nProvider translator={translator}>
      <SessionProvider value={session}>
        <SiteNameProvider name={branding.data?.site_name}>
          <ThemeStyle appearance={appearance.data} />
          {children}
        </SiteNameProvider>
      </SessionProvider>
    </I18nProvider>
  );
}
