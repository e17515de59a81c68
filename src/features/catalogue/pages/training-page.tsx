import { ApiRequestError } from '@engine/core';
import { useFormatDate, useSession, useT, usePageTitle } from '@engine/react';
import { matchGuardMessage } from '@schemas/entities/incentives.schema';
import type { Training, TrainingVideo } from '@schemas/entities/training.schema';
import { useMemo, useState } from 'react';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { useTraining } from '@/lib/queries/training';
import { useMarkVideoWatched } from '@/lib/queries/training-progress';
import { useSubscribe, useUnsubscribe } from '@/lib/queries/training-subscription';
import { useVideoOpened } from '@/lib/queries/training-video-opened';
import { Icon } from '@/shell/icons/icons';
import { useNotify } from '@/shell/notifications/notifications-provider';
import buttons from '../components/buttons.module.css';
import { ConfirmDialog } from '../components/confirm-dialog';
import { ProgressBar } from '@/shell/trainings/progress-bar';
import { ErrorState } from '@/shell/states/states';
import { formatClock, isoDuration } from '../format';
import { formatMinutes } from '@/shell/trainings/format';
import { sanitizeAdminHtml } from '@/lib/admin-html';
import styles from './training-page.module.css';

const videoAnchor = (id: number) => `video-${id}`;

/**
 * The message of a failed call for a notification: the server's words for a 4xx (a template of
 * the cheat guard translated with its values), else generic.
 */
function failure(
  error: unknown,
  t: (s: string, values?: Record<string, string>) => string,
): string {
  if (
    error instanceof ApiRequestError &&
    typeof error.status === 'number' &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 401
  ) {
    const guard = matchGuardMessage(error.message);
    return guard ? t(guard.template, guard.values) : t(error.message);
  }
  return t('Something went wrong, please try again.');
}

function Videos(p: {
  training: Training;
  subscribed: boolean;
  current: number | undefined;
  onOpen: (video: TrainingVideo) => void;
  onMark: (video: TrainingVideo) => void;
  marking: number | undefined;
}) {
  const { t } = useT();
  const watched = new Set(p.training.subscription?.watched_videos ?? []);
  if (p.training.videos.length === 0)
    return <p className={styles.muted}>{t('This training has no videos yet.')}</p>;
  return (
    <ol className={styles.videos}>
      {p.training.videos.map((video, index) => {
        const done = watched.has(video.id);
        return (
          <li
            key={video.id}
            id={videoAnchor(video.id)}
            tabIndex={-1}
            className={styles.video}
            data-current={p.current === video.id || undefined}
          >
            <span className={done ? styles.tickDone : styles.tick}>
              <Icon name={done ? 'check-circle' : 'circle'} size={22} />
              <span className="visually-hidden">{done ? t('Watched') : t('Not watched yet')}</span>
            </span>
            <span className={styles.videoText}>
              <span className={styles.videoTitle} lang={p.training.language} dir="auto">
                <span className={styles.videoNumber}>{index + 1}.</span> {video.title}
              </span>
              <time className={styles.muted} dateTime={isoDuration(video.duration_seconds)}>
                {formatClock(video.duration_seconds)}
              </time>
            </span>
            <span className={styles.videoActions}>
              {p.subscribed ? (
                <a
                  className={buttons.secondary}
                  href={video.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  // The server counts viewing time from here (a middle click opens it too).
                  onClick={() => p.onOpen(video)}
                  onAuxClick={(e) => {
                    if (e.button === 1) p.onOpen(video);
                  }}
                >
                  <Icon name="video" size={18} />
                  {t('Watch')}
                  <span className="visually-hidden">
                    {' '}
                    {video.title} {t('(opens in a new tab)')}
                  </span>
                </a>
              ) : null}
              {p.subscribed && !done ? (
                <button
                  type="button"
                  className={buttons.secondary}
                  onClick={() => p.onMark(video)}
                  disabled={p.marking !== undefined}
                  aria-busy={p.marking === video.id}
                >
                  <Icon name="check" size={18} />
                  {t('Mark as watched')}
                  <span className="visually-hidden"> {video.title}</span>
                </button>
              ) : null}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/** /trainings/{id}: one training with subscribe / continue / unsubscribe and its videos. Public. */
export default function TrainingPage() {
  const { t, plural } = useT();
  const formatDate = useFormatDate();
  const { user } = useSession();
  const { notify } = useNotify();
  const { pathname, search } = useLocation();
  const id = Number(useParams().trainingId);
  const training = useTraining(id);
  usePageTitle(training.data?.title);
  const subscribe = useSubscribe(id);
  const unsubscribe = useUnsubscribe(id);
  const mark = useMarkVideoWatched(id);
  const opened = useVideoOpened(id);
  const [confirming, setConfirming] = useState(false);
  const [current, setCurrent] = useState<number | undefined>();
  const body = useMemo(() => sanitizeAdminHtml(training.data?.body ?? ''), [training.data?.body]);

  if (!Number.isInteger(id) || id < 1) {
    return <Navigate to="/not-found" replace />;
  }
  if (training.isPending) {
    return (
      <div role="status" className={styles.skeleton}>
        <span className="visually-hidden">{t('Loading training')}</span>
        <div className={styles.skeletonImage} aria-hidden="true" />
        <div className={styles.skeletonLines} aria-hidden="true">
          <span />
          <span />
          <span />
        </div>
      </div>
    );
  }
  if (training.isError) {
    return (
      <ErrorState
        message={t('The training could not be loaded.')}
        onRetry={() => void training.refetch()}
      />
    );
  }

  const data = training.data;
  const subscription = data.subscription;
  const subscribed = subscription !== null;
  const watched = new Set(subscription?.watched_videos ?? []);
  const nextVideo = data.videos.find((v) => !watched.has(v.id));

  const doSubscribe = () =>
    subscribe.mutate(undefined, {
      onSuccess: () => notify('success', t('You are subscribed to @title.', { title: data.title })),
      onError: (e) => notify('error', failure(e, t)),
    });

  const doUnsubscribe = () =>
    unsubscribe.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        notify('success', t('You have unsubscribed from @title.', { title: data.title }));
      },
      onError: (e) => {
        setConfirming(false);
        notify('error', failure(e, t));
      },
    });

  const doContinue = () => {
    if (!nextVideo) return;
    setCurrent(nextVideo.id);
    const element = document.getElementById(videoAnchor(nextVideo.id));
    element?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
    element?.focus({ preventScroll: true });
  };

  const doMark = (video: TrainingVideo) =>
    mark.mutate(
      { video_id: video.id },
      {
        onSuccess: (s) =>
          notify(
            'success',
            s.status === 'completed'
              ? t('Well done! You have completed @title.', { title: data.title })
              : t('Marked as watched: @video.', { video: video.title }),
          ),
        onError: (e) => notify('error', failure(e, t)),
      },
    );

  const loginHref = `/user/login?redirectTo=${encodeURIComponent(pathname + search)}`;

  return (
    <article className={styles.page}>
      <header className={styles.hero}>
        <div className={styles.media}>
          {data.image.url ? (
            <img className={styles.image} src={data.image.url} alt={data.image.alt} />
          ) : (
            <Icon name="school" size={56} />
          )}
        </div>
        <div className={styles.intro}>
          {data.tags.length ? (
            <ul className={styles.tags} aria-label={t('Topics')}>
              {data.tags.map((tag) => (
                <li key={tag.tid}>
                  <Link className={styles.tag} to={`/trainings?tags=${tag.tid}`}>
                    {tag.name}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
          <h1 className={styles.title} lang={data.language} dir="auto">
            {data.title}
          </h1>
          {data.summary ? (
            <p className={styles.summary} lang={data.language} dir="auto">
              {data.summary}
            </p>
          ) : null}
          <ul className={styles.facts} aria-label={t('Details')}>
            <li>
              <Icon name="video" size={18} />
              {plural(data.video_count, '@count video', '@count videos')}
            </li>
            {data.duration_minutes > 0 ? <li>{formatMinutes(t, data.duration_minutes)}</li> : null}
            <li className={data.free ? styles.free : undefined}>
              {data.free ? t('Free') : t('Paid')}
            </li>
          </ul>

          {subscription ? (
            subscription.status === 'completed' ? (
              <p className={styles.completed}>
                <Icon name="check-circle" size={20} />
                {subscription.completed_at
                  ? t('Completed on @date', { date: formatDate(subscription.completed_at) })
                  : t('Completed')}
              </p>
            ) : (
              <ProgressBar
                value={subscription.progress}
                label={t('Progress of @title', { title: data.title })}
              />
            )
          ) : null}

          <div className={styles.actions}>
            {!user ? (
              <Link className={buttons.primary} to={loginHref}>
                {t('Log in to subscribe')}
              </Link>
            ) : !subscribed ? (
              <button
                type="button"
                className={buttons.primary}
                onClick={doSubscribe}
                disabled={subscribe.isPending}
                aria-busy={subscribe.isPending}
              >
                {t('Subscribe')}
              </button>
            ) : (
              <>
                {nextVideo ? (
                  <button type="button" className={buttons.primary} onClick={doContinue}>
                    {t('Continue')}
                  </button>
                ) : null}
                <button
                  type="button"
                  className={buttons.secondary}
                  onClick={() => setConfirming(true)}
                >
                  {t('Unsubscribe')}
                </button>
              </>
            )}
          </div>
        </div>
      </header>

      <div className={styles.columns}>
        {body ? (
          <section className={styles.body} aria-labelledby="about-heading">
            <h2 id="about-heading">{t('About this training')}</h2>
            {/* Sanitized with DOMPurify above. */}
            <div
              className={styles.prose}
              lang={data.language}
              dir="auto"
              dangerouslySetInnerHTML={{ __html: body }}
            />
          </section>
        ) : null}
        <section className={styles.videoSection} aria-labelledby="videos-heading">
          <h2 id="videos-heading">{t('Videos')}</h2>
          {!subscribed && user && data.videos.length ? (
            <p className={styles.muted}>
              {t('Subscribe to watch the videos and track your progress.')}
            </p>
          ) : null}
          <Videos
            training={data}
            subscribed={subscribed}
            current={current}
            onOpen={(video) => opened.mutate({ video_id: video.id })}
            onMark={doMark}
            marking={mark.isPending ? mark.variables?.video_id : undefined}
          />
        </section>
      </div>

      {confirming ? (
        <ConfirmDialog
          title={t('Unsubscribe from this training?')}
          message={t('Your progress in @title will be lost.', { title: data.title })}
          confirmLabel={t('Unsubscribe')}
          onConfirm={doUnsubscribe}
          onCancel={() => setConfirming(false)}
          busy={unsubscribe.isPending}
        />
      ) : null}
    </article>
  );
}
