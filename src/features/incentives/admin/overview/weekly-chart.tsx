import { useFormatDate, useT } from '@engine/react';
import type { IncentivesOverview } from '@schemas/entities/incentives.schema';
import { AxisBottom, AxisLeft, AxisRight } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleLinear } from '@visx/scale';
import { LinePath } from '@visx/shape';
import { useEffect, useRef, useState } from 'react';
import styles from './overview.module.css';

type Kind = 'issued' | 'redeemed' | 'expired';

export interface WeeklySeries {
  weeks: IncentivesOverview['weeks'];
  labels: Record<Kind, string>;
}

const KINDS: readonly Kind[] = ['issued', 'redeemed', 'expired'];
const HEIGHT = 240;
const MARGIN = { top: 12, bottom: 32, side: 52, end: 16 };

/** The width of an element, followed as it changes (the chart fills its column). */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

/**
 * Points issued, redeemed and expired per week as three lines. Time runs in the reading
 * direction (right to left in Arabic, with the points axis on the right); each line has its own
 * colour and dash, named by the legend. The chart is one image named by the summary: the table
 * beside it holds the numbers.
 */
export default function WeeklyChart({ series, label }: { series: WeeklySeries; label: string }) {
  const i18n = useT();
  const formatDate = useFormatDate();
  const { ref, width } = useWidth();
  const rtl = i18n.dir === 'rtl';
  const { weeks } = series;
  const inner = Math.max(0, width - MARGIN.side - MARGIN.end);
  const start = rtl ? MARGIN.end : MARGIN.side;
  const x = scaleLinear<number>({
    domain: [0, Math.max(1, weeks.length - 1)],
    range: rtl ? [start + inner, start] : [start, start + inner],
  });
  const most = Math.max(1, ...weeks.flatMap((w) => KINDS.map((k) => w[k])));
  const y = scaleLinear<number>({
    domain: [0, most],
    range: [HEIGHT - MARGIN.bottom, MARGIN.top],
    nice: true,
  });
  // About one date label per 90 px, never more than the weeks.
  const labels = Math.max(2, Math.min(weeks.length, Math.floor(inner / 90)));
  const step = Math.max(1, Math.ceil((weeks.length - 1) / (labels - 1)));
  const ticks = weeks.map((_, i) => i).filter((i) => i % step === 0);
  const tickLabel = (i: number) => {
    const week = weeks[i];
    return week ? formatDate(`${week.week}T12:00:00Z`, 'j M') : '';
  };
  const tickProps = { className: styles.tick, fontSize: 11 } as const;
  // A date at either end of the axis reaches inwards, so that it stays inside the chart.
  const anchorOf = (px: number) =>
    px - start < 32 ? 'start' : start + inner - px < 32 ? 'end' : 'middle';
  const yAxisProps = {
    scale: y,
    numTicks: 4,
    tickFormat: (value: { valueOf(): number }) => i18n.number(Number(value)),
    axisClassName: styles.axis,
    hideAxisLine: true,
    hideTicks: true,
  };

  return (
    <figure className={styles.chart}>
      <ul className={styles.legend}>
        {KINDS.map((kind) => (
          <li key={kind}>
            <svg width="24" height="10" aria-hidden="true">
              <line x1="0" x2="24" y1="5" y2="5" className={styles[`line-${kind}`]} />
            </svg>
            {series.labels[kind]}
          </li>
        ))}
      </ul>
      <div ref={ref} className={styles.chartArea}>
        {width > 0 ? (
          <svg
            width={width}
            height={HEIGHT}
            role="img"
            aria-label={label}
            // Anchors are physical: the layout above already put each axis on its side.
            direction="ltr"
          >
            <Group>
              {y.ticks(4).map((value) => (
                <line
                  key={value}
                  x1={start}
                  x2={start + inner}
                  y1={y(value)}
                  y2={y(value)}
                  className={styles.grid}
                />
              ))}
              {KINDS.map((kind) => (
                <LinePath
                  key={kind}
                  data={weeks}
                  x={(_, i) => x(i)}
                  y={(w) => y(w[kind])}
                  className={styles[`line-${kind}`]}
                />
              ))}
            </Group>
            {rtl ? (
              <AxisRight
                {...yAxisProps}
                left={start + inner}
                tickLabelProps={{ ...tickProps, textAnchor: 'start' }}
              />
            ) : (
              <AxisLeft
                {...yAxisProps}
                left={MARGIN.side}
                tickLabelProps={{ ...tickProps, textAnchor: 'end' }}
              />
            )}
            <AxisBottom
              top={HEIGHT - MARGIN.bottom}
              scale={x}
              tickValues={ticks}
              tickFormat={(value) => tickLabel(Number(value))}
              axisClassName={styles.axis}
              axisLineClassName={styles.axisLine}
              tickClassName={styles.tickMark}
              tickLabelProps={(value) => ({ ...tickProps, textAnchor: anchorOf(x(Number(value))) })}
            />
          </svg>
        ) : null}
      </div>
    </figure>
  );
}
