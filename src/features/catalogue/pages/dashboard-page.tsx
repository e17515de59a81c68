import { useSession, useT } from '@engine/react';
import type { TrainingListItem } from '@schemas/entities/training.schema';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useMyTrainings } from '@/lib/queries/my-trainings';
import { useRecommendedTrainings } from '@/lib/queries/recommended-trainings';
import { useWallet } from '@/lib/queries/wallet';
import { Icon, type IconName } from '@/shell/icons/icons';
import { PageHeader } from '@/shell/page/page-header';
import buttons from '../components/buttons.module.css';
import { EmptyState, ErrorState } from '@/shell/states/states';
import { TrainingGrid, TrainingGridSkeleton } from '@/shell/trainings/training-grid';
import styles from './dashboard-page.module.css';

const PAGE = 6;

interface SectionQuery {
  data: TrainingListItem[] | undefined;
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/** One dashboard section: a heading, then its trainings, a skeleton, an empty state or an error. */
function TrainingSection(p: {
  id: string;
  title: string;
  icon: IconName;
  query: SectionQuery;
  errorMessage: string;
  empty: ReactNode;
  more?: ReactNode;
}) {
  const headingId = `${p.id}-heading`;
  let content: ReactNode;
  if (p.query.isPending) content = <TrainingGridSkeleton count={3} />;
  else if (p.query.isError || !p.query.data)
    content = <ErrorState message={p.errorMessage} onRetry={() => void p.query.refetch()} />;
  else if (p.query.data.length === 0) content = p.empty;
  else
    content = (
      <>
        <TrainingGrid trainings={p.query.data} label={p.title} />
        {p.more}
      </>
    );
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.sectionTitle}>
        <Icon name={p.icon} size={22} />
        {p.title}
      </h2>
      {content}
    </section>
  );
}

function BrowseLink() {
  const { t } = useT();
  return (
    <Link className={buttons.primary} to="/trainings">
      {t('Browse trainings')}
    </Link>
  );
}

/** /dashboard "My overview": points, trainings in progress, recommendations and the archive. */
export default function DashboardPage() {
  const { t, plural } = useT();
  const { user, flags } = useSession();
  const signedIn = user !== null;
  const wallet = useWallet(signedIn);
  const [inProgressLimit, setInProgressLimit] = useState(PAGE);
  const [archiveLimit, setArchiveLimit] = useState(PAGE);
  const inProgress = useMyTrainings('in_progress', { limit: inProgressLimit, enabled: signedIn });
  const archive = useMyTrainings('completed', { limit: archiveLimit, enabled: signedIn });
  const recommended = useRecommendedTrainings(PAGE, signedIn);

  const name = user?.first_name || user?.full_name || user?.name || '';
  const points = wallet.data?.points;
  const shopLink = flags.incentives_shop_enabled && flags.incentives_shop;

  const more = (
    query: { data?: { data: unknown[]; meta: { total: number } }; isFetching: boolean },
    grow: () => void,
  ) =>
    query.data && query.data.meta.total > query.data.data.length ? (
      <div className={styles.more}>
        <button
          type="button"
          className={buttons.secondary}
          onClick={grow}
          disabled={query.isFetching}
          aria-busy={query.isFetching}
        >
          {t('Show more')}
        </button>
      </div>
    ) : null;

  const stat = (value: number | undefined) => (value === undefined ? '…' : String(value));

  return (
    <div>
      <PageHeader
        title={t('My overview')}
        lead={t('Welcome back, @name. Here is where your learning stands.', { name })}
      />

      <section className={styles.summary} aria-labelledby="overview-summary">
        <h2 id="overview-summary" className="visually-hidden">
          {t('Summary')}
        </h2>
        <div className={`${styles.stat} ${styles.points}`}>
          <p className={styles.statLabel}>{t('Your points')}</p>
          <p className={styles.statValue}>
            {points === undefined
              ? wallet.isError
                ? '—'
                : '…'
              : plural(points, '@count point', '@count points')}
          </p>
          <div className={styles.statLinks}>
            <Link className={styles.statLink} to="/points">
              {t('See your points history')}
            </Link>
            {shopLink ? (
              <Link className={styles.statLink} to="/incentives">
                {t('Spend them in the reward shop')}
              </Link>
            ) : null}
          </div>
        </div>
        <div className={styles.stat}>
          <p className={styles.statLabel}>{t('In progress')}</p>
          <p className={styles.statValue}>{stat(inProgress.data?.meta.total)}</p>
        </div>
        <div className={styles.stat}>
          <p className={styles.statLabel}>{t('Completed')}</p>
          <p className={styles.statValue}>{stat(archive.data?.meta.total)}</p>
        </div>
      </section>

      <TrainingSection
        id="continue"
        title={t('Continue learning')}
        icon="video"
        query={{ ...inProgress, data: inProgress.data?.data }}
        errorMessage={t('Your trainings in progress could not be loaded.')}
        empty={
          <EmptyState title={t('You have no trainings in progress.')} action={<BrowseLink />}>
            <p>{t('Find a training in the catalogue and subscribe to start learning.')}</p>
          </EmptyState>
        }
        more={more(inProgress, () => setInProgressLimit((l) => l + PAGE))}
      />

      <TrainingSection
        id="recommended"
        title={t('Recommended for you')}
        icon="star"
        query={recommended}
        errorMessage={t('Recommendations could not be loaded.')}
        empty={
          <EmptyState title={t('No recommendations yet.')} action={<BrowseLink />}>
            <p>{t('Subscribe to a few trainings and we will suggest more like them.')}</p>
          </EmptyState>
        }
      />

      <TrainingSection
        id="archive"
        title={t('My archive')}
        icon="archive"
        query={{ ...archive, data: archive.data?.data }}
        errorMessage={t('Your archive could not be loaded.')}
        empty={
          <EmptyState title={t('Your archive is empty.')}>
            <p>{t('Trainings you complete are kept here, so you can come back to them.')}</p>
          </EmptyState>
        }
        more={more(archive, () => setArchiveLimit((l) => l + PAGE))}
      />
    </div>
  );
}
