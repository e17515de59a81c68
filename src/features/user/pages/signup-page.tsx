import {
  ApiRequestError,
  MIN_PASSWORD_LENGTH,
  passwordRules,
  passwordStrength,
  type Envelope,
} from '@engine/core';
import { useSession, useT } from '@engine/react';
import type { SignupBody } from '@schemas/entities/auth.schema';
import type { CurrentUser } from '@schemas/entities/user.schema';
import { useId, useState, type FormEvent } from 'react';
import { Navigate } from 'react-router';
import { api } from '@/lib/api';
import { useBranding } from '@/lib/queries/branding';
import { useFooterSettings } from '@/lib/queries/footer-settings';
import { PageHeader } from '@/shell/page/page-header';
import styles from './signup-page.module.css';

type Field = 'name' | 'mail' | 'password' | 'consent';

const STRENGTH = ['', 'Weak', 'Fair', 'Good', 'Strong'] as const;
const MAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** /user/register: a visitor creates their own learner account, then lands on their overview. */
export default function SignupPage() {
  const { t } = useT();
  const { user } = useSession();
  const branding = useBranding();
  const footer = useFooterSettings();
  const [values, setValues] = useState({ name: '', mail: '', password: '', consent: false });
  const [errors, setErrors] = useState<Partial<Record<Field, string[]>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const ids = (field: Field) => ({ input: `${id}-${field}`, error: `${id}-${field}-error` });

  if (user && user.uid > 0) return <Navigate to="/dashboard" replace />;
  if (branding.data && !branding.data.self_registration) {
    return (
      <section className={styles.page}>
        <PageHeader
          title={t('Sign up')}
          lead={t('Sign-up is not open on this site. Ask your administrator for an account.')}
        />
        <a href={branding.data.login_url || '/user/login'}>{t('Log in')}</a>
      </section>
    );
  }

  const personal = { name: values.name, mail: values.mail };
  const rules = passwordRules(values.password, personal);
  // Nothing typed keeps no rule yet.
  const shownRules = values.password ? rules : rules.map((rule) => ({ ...rule, met: false }));
  const strength = passwordStrength(values.password, personal);

  const check = (): Partial<Record<Field, string[]>> => {
    const found: Partial<Record<Field, string[]>> = {};
    if (!values.name.trim()) found.name = [t('Enter your name.')];
    if (!MAIL.test(values.mail.trim())) found.mail = [t('Enter a valid e-mail address.')];
    const broken = rules.filter((rule) => !rule.met);
    if (broken.length)
      found.password = broken.map((rule) => t(rule.text, { count: MIN_PASSWORD_LENGTH }));
    if (!values.consent)
      found.consent = [t('Accept the terms of use and the privacy policy to sign up.')];
    return found;
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const found = check();
    setErrors(found);
    const first = (['name', 'mail', 'password', 'consent'] as const).find((f) => found[f]);
    if (first) {
      document.getElementById(ids(first).input)?.focus();
      return;
    }
    setBusy(true);
    try {
      const body: SignupBody = {
        name: values.name.trim(),
        mail: values.mail.trim(),
        password: values.password,
        consent: true,
      };
      await api.post<Envelope<CurrentUser>>('auth/register', body, {
        json: true,
        handleErrors: false,
      });
      // A full load gives the new session a clean slate: user, flags, language and navigation.
      window.location.assign('/dashboard');
    } catch (e) {
      setBusy(false);
      const error = e instanceof ApiRequestError ? e : new ApiRequestError('FETCH_ERROR', '');
      const fields: Partial<Record<Field, string[]>> = {};
      for (const m of error.messages) {
        const field = m.path.split(/[.[]/)[0] as Field;
        if (field in values) (fields[field] ??= []).push(t(m.text));
      }
      if ((error.status === 400 || error.status === 409) && Object.keys(fields).length) {
        setErrors(fields);
        const field = (['name', 'mail', 'password', 'consent'] as const).find((f) => fields[f]);
        if (field) document.getElementById(ids(field).input)?.focus();
      } else if (error.status === 429) {
        setFailure(t('Too many sign-up attempts. Try again later.'));
      } else if (error.status === 404) {
        setFailure(t('Sign-up is not open on this site. Ask your administrator for an account.'));
      } else setFailure(t('Something went wrong, please try again.'));
    }
  };

  const fieldErrors = (field: Field) =>
    errors[field]?.length ? (
      <ul id={ids(field).error} className={styles.fieldError}>
        {errors[field].map((text) => (
          <li key={text}>{text}</li>
        ))}
      </ul>
    ) : null;
  const described = (field: Field, ...more: string[]) =>
    [errors[field]?.length ? ids(field).error : '', ...more].filter(Boolean).join(' ') || undefined;
  const set = (field: 'name' | 'mail' | 'password', value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const terms = footer.data?.terms_of_use.url || '/terms-of-use';
  const privacy = footer.data?.privacy_policy.url || '/privacy-policy';
  const [before = '', between = '', after = ''] = t('I accept the @terms and the @privacy.').split(
    /@terms|@privacy/,
  );

  return (
    <section className={styles.page}>
      <PageHeader
        title={t('Sign up')}
        lead={t('Create your free account to follow trainings and earn points.')}
      />
      {failure ? (
        <div className={styles.error} role="alert">
          {failure}
        </div>
      ) : null}
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        <div className={styles.field}>
          <label htmlFor={ids('name').input}>{t('Name')}</label>
          <input
            id={ids('name').input}
            autoComplete="name"
            maxLength={120}
            value={values.name}
            onChange={(event) => set('name', event.target.value)}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={described('name')}
            required
          />
          {fieldErrors('name')}
        </div>
        <div className={styles.field}>
          <label htmlFor={ids('mail').input}>{t('E-mail address')}</label>
          <input
            id={ids('mail').input}
            type="email"
            dir="ltr"
            autoComplete="email"
            maxLength={254}
            value={values.mail}
            onChange={(event) => set('mail', event.target.value)}
            aria-invalid={errors.mail ? true : undefined}
            aria-describedby={described('mail', `${id}-mail-help`)}
            required
          />
          <p id={`${id}-mail-help`} className={styles.help}>
            {t('You log in with it.')}
          </p>
          {fieldErrors('mail')}
        </div>
        <div className={styles.field}>
          <label htmlFor={ids('password').input}>{t('Password')}</label>
          <input
            id={ids('password').input}
            type="password"
            dir="ltr"
            autoComplete="new-password"
            maxLength={200}
            value={values.password}
            onChange={(event) => set('password', event.target.value)}
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={described('password', `${id}-strength`, `${id}-rules`)}
            required
          />
          <div className={styles.strength} id={`${id}-strength`} aria-live="polite">
            <span className={styles.bars} data-strength={strength} aria-hidden="true">
              <span />
              <span />
              <span />
              <span />
            </span>
            <span>
              {strength
                ? t('Password strength: @strength', { strength: t(STRENGTH[strength]) })
                : ''}
            </span>
          </div>
          <ul id={`${id}-rules`} className={styles.rules}>
            {shownRules.map((rule) => (
              <li key={rule.id} data-met={rule.met}>
                <span className="visually-hidden">{rule.met ? t('Done:') : t('To do:')} </span>
                {t(rule.text, { count: MIN_PASSWORD_LENGTH })}
              </li>
            ))}
          </ul>
          {fieldErrors('password')}
        </div>
        <div className={styles.consent}>
          <input
            id={ids('consent').input}
            type="checkbox"
            checked={values.consent}
            onChange={(event) => {
              const consent = event.target.checked;
              setValues((v) => ({ ...v, consent }));
              if (consent) setErrors((e) => ({ ...e, consent: undefined }));
            }}
            aria-invalid={errors.consent ? true : undefined}
            aria-describedby={described('consent')}
          />
          <label htmlFor={ids('consent').input}>
            {before}
            <a href={terms} target="_blank" rel="noopener">
              {t('terms of use')}
            </a>
            {between}
            <a href={privacy} target="_blank" rel="noopener">
              {t('privacy policy')}
            </a>
            {after}
          </label>
          {fieldErrors('consent')}
        </div>
        <button type="submit" className={styles.submit} disabled={busy} aria-busy={busy}>
          {t('Create account')}
        </button>
        <p className={styles.help}>
          {t('Already have an account?')}{' '}
          <a href={branding.data?.login_url || '/user/login'}>{t('Log in')}</a>
        </p>
      </form>
    </section>
  );
}
