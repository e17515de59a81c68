import { useSession, useT } from '@engine/react';
import { Link } from 'react-router';
import { useLanguages } from '@/lib/queries/languages';
import { Avatar } from '@/shell/avatar/avatar';
import { PageHeader } from '@/shell/page/page-header';
import styles from './profile-page.module.css';

/** /user: the signed-in user's profile. */
export default function ProfilePage() {
  const { t } = useT();
  const { user } = useSession();
  const languages = useLanguages();
  if (!user) return null;
  const language = languages.data?.find((l) => l.langcode === user.language);
  const fullName = user.full_name ?? user.name ?? '';
  return (
    <section>
      <PageHeader
        title={t('My profile')}
        actions={
          <Link className={styles.edit} to={`/user/${user.uid}/edit`}>
            {t('Edit profile')}
          </Link>
        }
      />
      <div className={styles.card}>
        <Avatar name={fullName} src={user.avatar ?? null} size={72} />
        <div>
          <p className={styles.name}>{fullName}</p>
          {user.profile?.title ? <p className={styles.muted}>{user.profile.title}</p> : null}
        </div>
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>{t('Username')}</dt>
          <dd>{user.name}</dd>
        </div>
        <div>
          <dt>{t('Language')}</dt>
          <dd>{language?.native_name ?? language?.name ?? user.language ?? t('Site default')}</dd>
        </div>
        <div>
          <dt>{t('Time zone')}</dt>
          <dd>{user.timezone ?? t('Site default')}</dd>
        </div>
      </dl>
    </section>
  );
}
