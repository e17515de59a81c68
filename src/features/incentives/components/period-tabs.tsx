import { useT } from '@engine/react';
import { useRef, type KeyboardEvent } from 'react';
import type { LeaderboardPeriod } from '@/lib/queries/leaderboard';
import styles from './period-tabs.module.css';

export const periods: readonly LeaderboardPeriod[] = ['week', 'month', 'all'];

/**
 * The leaderboard's period as tabs: one tab stop, arrow keys move (in the reading direction),
 * Home and End jump to the ends, and moving selects.
 */
export function PeriodTabs({
  value,
  onChange,
  panelId,
  idFor,
}: {
  value: LeaderboardPeriod;
  onChange: (period: LeaderboardPeriod) => void;
  /** id of the tab panel the tabs control. */
  panelId: string;
  /** id of each tab (the panel is labelled by the selected one). */
  idFor: (period: LeaderboardPeriod) => string;
}) {
  const { t, dir } = useT();
  const refs = useRef(new Map<LeaderboardPeriod, HTMLButtonElement>());
  const labels: Record<LeaderboardPeriod, string> = {
    week: t('This week'),
    month: t('This month'),
    all: t('All time'),
  };

  const move = (to: number) => {
    const period = periods[(to + periods.length) % periods.length]!;
    onChange(period);
    refs.current.get(period)?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const index = periods.indexOf(value);
    const forward = dir === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
    const backward = dir === 'rtl' ? 'ArrowRight' : 'ArrowLeft';
    if (event.key === forward) move(index + 1);
    else if (event.key === backward) move(index - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(periods.length - 1);
    else return;
    event.preventDefault();
  };

  return (
    <div role="tablist" aria-label={t('Period')} className={styles.tabs} onKeyDown={onKeyDown}>
      {periods.map((period) => {
        const selected = period === value;
        return (
          <button
            key={period}
            ref={(element) => {
              if (element) refs.current.set(period, element);
              else refs.current.delete(period);
            }}
            id={idFor(period)}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={panelId}
            tabIndex={selected ? 0 : -1}
            className={styles.tab}
            onClick={() => onChange(period)}
          >
            {labels[period]}
          </button>
        );
      })}
    </div>
  );
}
