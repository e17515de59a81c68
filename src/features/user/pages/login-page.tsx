import { ApiRequestError, type Envelope } from '@engine/core';
import { useSession, useT } from '@engine/react';
import { SchemaForm } from '@engine/react/schema-form';
import type { CurrentUser } from '@schemas/entities/user.schema';
import type { LoginBody } from '@schemas/entities/auth.schema';
import { loginFormSchema, loginUiSchema } from '@schemas/forms/login.schema';
import { useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { api } from '@/lib/api';
import { PageHeader } from '@/shell/page/page-header';
import { safeRedirectTarget } from '../safe-redirect';
import styles from './login-page.module.css';

/** /user/login?redirectTo=<path>: signs in, then loads the page the visitor came from. */
export default function LoginPage() {
  const { t } = useT();
  const { user } = useSession();
  const [params] = useSearchParams();
  const target = safeRedirectTarget(params.get('redirectTo'));
  const [error, setError] = useState<ApiRequestError | null>(null);

  if (user) return <Navigate to={target} replace />;

  const submit = async (body: LoginBody) => {
    setError(null);
    try {
      await api.post<Envelope<CurrentUser>>('auth/login', body, { handleErrors: false });
      // A full load gives the new session a clean slate: user, flags, language and navigation.
      window.location.assign(target);
    } catch (e) {
      setError(e instanceof ApiRequestError ? e : new ApiRequestError('FETCH_ERROR', String(e)));
    }
  };

  return (
    <section className={styles.page}>
      <PageHeader title={t('Log in')} lead={t('Sign in to continue your learning.')} />
      {error ? (
        <div className={styles.error} role="alert">
          {errorText(error, t)}
        </div>
      ) : null}
      <SchemaForm<LoginBody>
        schema={loginFormSchema}
        uiSchema={loginUiSchema}
        onSubmit={submit}
        submitLabel={t('Log in')}
      />
    </section>
  );
}

function errorText(error: ApiRequestError, t: (s: string) => string): string {
  if (error.status === 429)
    return t('Too many failed attempts. Wait a few minutes, then try again.');
  if (error.status === 400 || error.status === 403) return t(error.message);
  return t('Something went wrong, please try again.');
}
