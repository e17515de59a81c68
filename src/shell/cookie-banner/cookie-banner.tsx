import { useT } from '@engine/react';
import { useQueryClient } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { sanitizeAdminHtml } from '@/lib/admin-html';
import { useAgreeToCookies } from '@/lib/queries/agree-to-cookies';
import { cookieDisclaimerQueryKey, useCookieDisclaimer } from '@/lib/queries/cookie-disclaimer';
import { cookieBannerMachine } from './cookie-banner.machine';
import styles from './cookie-banner.module.css';

/** Cookie-consent banner with the site's disclaimer text and an Accept button. */
export function CookieBanner() {
  const i18n = useT();
  const headingId = useId();
  const queryClient = useQueryClient();
  const { data } = useCookieDisclaimer();
  const { mutateAsync } = useAgreeToCookies();
  const agreeRef = useRef(mutateAsync);
  agreeRef.current = mutateAsync;

  const [machine] = useState(() =>
    cookieBannerMachine.provide({
      actors: { agree: fromPromise(() => agreeRef.current()) },
      actions: {
        reloadDisclaimer: () =>
          void queryClient.invalidateQueries(
            { queryKey: cookieDisclaimerQueryKey },
            { cancelRefetch: false },
          ),
      },
    }),
  );
  const [snapshot, send] = useMachine(machine, {
    input: { text: data?.disclaimer_text, agreed: data?.agreed ?? false },
  });

  useEffect(() => {
    if (data) send({ type: 'SYNC', text: data.disclaimer_text, agreed: data.agreed });
  }, [data, send]);

  const html = useMemo(() => sanitizeAdminHtml(snapshot.context.text), [snapshot.context.text]);

  if (snapshot.matches('hidden') || snapshot.matches('deciding')) return null;
  const agreeing = snapshot.matches('agreeing');

  return (
    <section className={styles.banner} aria-labelledby={headingId}>
      <h2 id={headingId} className="visually-hidden">
        {i18n.t('Cookie consent')}
      </h2>
      <div className={styles.text} dir="auto" dangerouslySetInnerHTML={{ __html: html }} />
      <div className={styles.actions}>
        {snapshot.context.error != null && (
          <p role="alert" className={styles.error}>
            {i18n.t('Something went wrong, please try again.')}
          </p>
        )}
        <button
          type="button"
          data-island="cookie-agree"
          className={styles.accept}
          onClick={() => send({ type: 'AGREE' })}
          disabled={agreeing}
          aria-busy={agreeing || undefined}
        >
          {i18n.t('Accept')}
        </button>
      </div>
    </section>
  );
}
