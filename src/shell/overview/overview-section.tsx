import { useT } from '@engine/react';
import { useId, type ReactNode } from 'react';
import { ErrorState } from '../states/states';
import styles from './overview.module.css';

/** What {@link OverviewSection} reads of a query: a TanStack `useQuery` result fits as it is. */
export interface OverviewQuery<T> {
  isPending: boolean;
  isError: boolean;
  data: T | undefined;
  /** True while the previous period's answer shows until the chosen one arrives. */
  isPlaceholderData: boolean;
  refetch: () => unknown;
}

/** The periods an overview offers, in months, and the one chosen. */
export interface OverviewMonthsChoice<M extends number> {
  choices: readonly M[];
  value: M;
  onChange: (months: M) => void;
}

export interface OverviewSectionProps<T, M extends number> {
  /** The section's heading, which also names it as a region. */
  title: string;
  months: OverviewMonthsChoice<M>;
  query: OverviewQuery<T>;
  /** How many figure cards the placeholder shows while the first answer loads. */
  placeholderFigures?: number;
  /** What the section says when its answer could not be read ("The overview could not be loaded."). */
  errorMessage?: string;
  /** The overview itself, once there is an answer; dimmed and busy while a new period loads. */
  children: (data: T) => ReactNode;
}

/**
 * An administrator's overview: a section with a heading and a "Last 6/12 months" toggle, a
 * placeholder while the first answer loads, an error with a retry, and then the feature's
 * body. The body's pieces take their look from `overview.module.css` beside this file
 * (figures, panels, ranked lists, tables); see also {@link RankedPanel},
 * {@link TableDisclosure} and {@link WeeklyPanel}.
 *
 * @example
 * const [months, setMonths] = useState<6 | 12>(6);
 * const history = usePointsHistory(months);
 * return (
 *   <OverviewSection
 *     title={t('Your points history')}
 *     months={{ choices: [6, 12], value: months, onChange: setMonths }}
 *     query={history}
 *     placeholderFigures={2}
 *   >
 *     {(data) => (
 *       <dl className={styles.figures}>
 *         <div className={styles.figure}>
 *           <dt>{t('Your balance')}</dt>
 *           <dd>{i18n.number(data.earned)}</dd>
 *         </div>
 *       </dl>
 *     )}
 *   </OverviewSection>
 * );
 */
export function OverviewSection<T, M extends number>({
  title,
  months,
  query,
  placeholderFigures = 2,
  errorMessage,
  children,
}: OverviewSectionProps<T, M>) {
  const i18n = useT();
  const { t } = i18n;
  const headingId = useId();
  return (
    <section className={styles.overview} aria-labelledby={headingId}>
      <div className={styles.top}>
        <h2 id={headingId} className={styles.heading}>
          {title}
        </h2>
        <div className={styles.toggle} role="group" aria-label={t('Period')}>
          {months.choices.map((m) => (
            <button
              key={m}
              type="button"
              aria-pressed={months.value === m}
              className={styles.toggleButton}
              onClick={() => months.onChange(m)}
            >
              {i18n.plural(m, 'Last @count month', 'Last @count months')}
            </button>
          ))}
        </div>
      </div>
      {query.isError ? (
        <ErrorState
          message={errorMessage ?? t('The overview could not be loaded.')}
          onRetry={() => void query.refetch()}
        />
      ) : query.isPending || query.data === undefined ? (
        <OverviewSkeleton figures={placeholderFigures} />
      ) : (
        <div className={styles.body} aria-busy={query.isPlaceholderData}>
          {children(query.data)}
        </div>
      )}
    </section>
  );
}

function OverviewSkeleton({ figures }: { figures: number }) {
  const { t } = useT();
  return (
    <div className={styles.skeleton} role="status" aria-busy="true">
      <span className="visually-hidden">{t('Loading the overview…')}</span>
      <div className={styles.figures}>
        {Array.from({ length: figures }, (_, i) => (
          <div key={i} className={styles.skeletonBlock} />
        ))}
      </div>
      <ChartSkeleton />
    </div>
  );
}

/** The placeholder of a chart while it (or the library that draws it) loads. */
export function ChartSkeleton() {
  return <div className={`${styles.skeletonBlock} ${styles.skeletonChart}`} />;
}
