import { ApiRequestError } from '@engine/core';
import { useT } from '@engine/react';
import type { LeaderboardEntry } from '@schemas/entities/incentives.schema';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  useLeaderboard,
  useLeaderboardOptOut,
  type LeaderboardPeriod,
} from '@/lib/queries/leaderboard';
import { Avatar } from '@/shell/avatar/avatar';
import { Icon } from '@/shell/icons/icons';
import { useNotify } from '@/shell/notifications/notifications-provider';
import { PageHeader } from '@/shell/page/page-header';
import { EmptyState, ErrorState } from '@/shell/states/states';
import buttons from '../components/buttons.module.css';
import { PeriodTabs, periods } from '../components/period-tabs';
import styles from './leaderboard-page.module.css';

const DEFAULT_PERIOD: LeaderboardPeriod = 'month';

function Row({ entry, mine }: { entry: LeaderboardEntry; mine: boolean }) {
  const { t, plural } = useT();
  return (
    <li className={styles.row} data-mine={mine ? '' : undefined} aria-current={mine || undefined}>
      <span className={styles.rank} data-top={entry.rank <= 3 ? entry.rank : undefined}>
        <span className="visually-hidden">{t('Rank')} </span>
        {entry.rank}
      </span>
      <Avatar name={entry.full_name} src={entry.avatar} size={40} />
      <span className={styles.name} dir="auto">
        {entry.full_name}
        {mine ? <span className={styles.you}>{t('You')}</span> : null}
      </span>
      <span className={styles.points}>{plural(entry.points, '@count point', '@count points')}</span>
    </li>
  );
}

/** Hide me from the leaderboard: saved at once, with what it means. */
function OptOut({ optedOut }: { optedOut: boolean }) {
  const { t } = useT();
  const { notify } = useNotify();
  const optOut = useLeaderboardOptOut();
  const id = useId();
  const helpId = useId();
  const checked = optOut.isPending ? Boolean(optOut.variables) : optedOut;
  return (
    <div className={styles.optOut}>
      <label htmlFor={id} className={styles.optOutLabel}>
        <input
          id={id}
          type="checkbox"
          checked={checked}
          disabled={optOut.isPending}
          aria-describedby={helpId}
          onChange={(e) =>
            optOut.mutate(e.target.checked, {
              onSuccess: (_answer, hidden) =>
                notify(
                  'success',
                  hidden
                    ? t('You are now hidden from the leaderboard.')
                    : t('You are shown on the leaderboard again.'),
                ),
              onError: () => notify('error', t('Something went wrong, please try again.')),
            })
          }
        />
        <span>{t('Hide me from the leaderboard')}</span>
      </label>
      <p id={helpId} className={styles.help}>
        {t(
          'Others will not see your name or points. You keep earning points, and you can change this at any time.',
        )}
      </p>
    </div>
  );
}

/** /leaderboard: ranks by points earned in a period, the caller's place and their opt-out. */
export default function LeaderboardPage() {
  const { t } = useT();
  const [params, setParams] = useSearchParams();
  const requested = params.get('period');
  const period = periods.find((p) => p === requested) ?? DEFAULT_PERIOD;
  const board = useLeaderboard(period);
  const panelId = useId();
  const tabPrefix = useId();
  const tabId = (p: LeaderboardPeriod) => `${tabPrefix}-${p}`;

  const select = (next: LeaderboardPeriod) => {
    const copy = new URLSearchParams(params);
    if (next === DEFAULT_PERIOD) copy.delete('period');
    else copy.set('period', next);
    setParams(copy, { replace: true });
  };

  if (board.error instanceof ApiRequestError && board.error.status === 404) {
    return (
      <section>
        <PageHeader title={t('Leaderboard')} />
        <EmptyState
          title={t('The leaderboard is not available.')}
          action={
            <Link className={buttons.primary} to="/dashboard">
              {t('My overview')}
            </Link>
          }
        >
          <p>{t('It is switched off on this site at the moment. Please check back later.')}</p>
        </EmptyState>
      </section>
    );
  }

  const data = board.data;
  const me = data?.me ?? null;
  const meInList = me !== null && (data?.entries.some((e) => e.uid === me.uid) ?? false);

  return (
    <section className={styles.page}>
      <PageHeader
        title={t('Leaderboard')}
        lead={t('Who earned the most points. Keep learning to climb the ranks.')}
      />
      <PeriodTabs value={period} onChange={select} panelId={panelId} idFor={tabId} />
      <div
        id={panelId}
        role="tabpanel"
        aria-labelledby={tabId(period)}
        className={styles.panel}
        aria-busy={board.isFetching}
      >
        {board.isPending ? (
          <div role="status" className={styles.skeleton}>
            <span className="visually-hidden">{t('Loading leaderboard')}</span>
            {Array.from({ length: 5 }, (_, i) => (
              <span key={i} aria-hidden="true" />
            ))}
          </div>
        ) : board.isError ? (
          <ErrorState
            message={t('The leaderboard could not be loaded.')}
            onRetry={() => void board.refetch()}
          />
        ) : board.data.entries.length === 0 ? (
          <EmptyState title={t('No points have been earned in this period yet.')}>
            <p>{t('Complete trainings to earn points and be the first on the board.')}</p>
          </EmptyState>
        ) : (
          <ol className={styles.list} aria-label={t('Ranking')}>
            {board.data.entries.map((entry) => (
              <Row key={entry.uid} entry={entry} mine={entry.uid === me?.uid} />
            ))}
          </ol>
        )}
        {me && !meInList && data ? (
          <section aria-labelledby={`${panelId}-mine`} className={styles.mine}>
            <h2 id={`${panelId}-mine`} className={styles.mineHeading}>
              {t('Your place')}
            </h2>
            <ol className={styles.list}>
              <Row entry={me} mine />
            </ol>
          </section>
        ) : null}
        {data?.opted_out ? (
          <p className={styles.note}>
            <Icon name="info" size={18} />
            {t('You are hidden from the leaderboard.')}
          </p>
        ) : null}
      </div>
      {data ? <OptOut optedOut={data.opted_out ?? me === null} /> : null}
    </section>
  );
}
