import { useSession, useT } from '@engine/react';
import { Link } from 'react-router';
import { useLanguages } from '@/lib/queries/languages';
import { Avatar } from '@/shell/avatar/avatar';
import { Icon } from '@/shell/icons/icons';
import { PageHeader } from '@/shell/page/page-header';
import styles from './profile-page.module.css';

/** /user: the signed-in user's profile. */
export default function ProfilePage() {
  const { t } = useT();
  const { user } = useSession();
  const languages = useLanguages();
  if (!user) return null;
  const language = languages.data?.find((l) => l.langcode === user.language);
  const fullName = user.full_name || user.name || '';
  const facts: [string, string][] = [
    [t('First name'), user.first_name || '—'],
    [t('Last name'), user.last_name || '—'],
    [t('Job title'), user.profile?.title || '—'],
    [t('Username'), user.name ?? '—'],
    [t('Language'), language?.native_name ?? language?.name ?? user.language ?? t('Site default')],
    [t('Time zone'), user.timezone ?? t('Site default')],
  ];
  return (
    <div>
      <PageHeader
        title={t('My profile')}
        actions={
          <Link className={styles.edit} to={`/user/${user.uid}/edit`}>
            <Icon name="edit" size={18} />
            {t('Edit profile')}
          </Link>
        }
      />
      <section className={styles.card} aria-labelledby="profile-name">
        <Avatar name={fullName} src={user.avatar ?? null} size={96} />
        <div className={styles.identity}>
          <h2 id="profile-name" className={styles.name}>
            {fullName}
          </h2>
          {user.profile?.title ? <p className={styles.muted}>{user.profile.title}</p> : null}
        </div>
      </section>
      <section aria-labelledby="profile-details">
        <h2 id="profile-details" className={styles.sectionTitle}>
          {t('Details')}
        </h2>
        <dl className={styles.facts}>
          {facts.map(([term, value]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}
