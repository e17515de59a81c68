import { useFormatDate, useT } from '@engine/react';
import { AxisBottom, AxisLeft, AxisRight } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleLinear } from '@visx/scale';
import { LinePath } from '@visx/shape';
import { useEffect, useRef, useState } from 'react';
import styles from './weekly-chart.module.css';

/** One line of the chart: its name in the legend and a value per week. */
export interface WeeklyLine {
  label: string;
  values: readonly number[];
}

export interface WeeklyChartProps {
  /** The first day (a UTC date, YYYY-MM-DD) of each week, oldest first. */
  weeks: readonly string[];
  /** At most three lines, drawn in the theme's primary, secondary and warning colours. */
  lines: readonly WeeklyLine[];
  /** What the chart shows, in a sentence: the name of its image. */
  label: string;
}

/** Each line's look, by its place: a colour of the theme and a dash of its own. */
const LINE_CLASSES = [styles.line0, styles.line1, styles.line2];
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
 * Weekly counts as lines. Time runs in the reading direction (right to left in Arabic, with the
 * values' axis on the right); each line has its own colour and dash, named by the legend. The
 * chart is one image named by `label`: a table beside it holds the numbers. Loaded lazily, with
 * the chart library, only by the pages that draw it.
 */
export default function WeeklyChart({ weeks, lines, label }: WeeklyChartProps) {
  const i18n = useT();
  const formatDate = useFormatDate();
  const { ref, width } = useWidth();
  const rtl = i18n.dir === 'rtl';
  const inner = Math.max(0, width - MARGIN.side - MARGIN.end);
  const start = rtl ? MARGIN.end : MARGIN.side;
  const x = scaleLinear<number>({
    domain: [0, Math.max(1, weeks.length - 1)],
    range: rtl ? [start + inner, start] : [start, start + inner],
  });
  const most = Math.max(1, ...lines.flatMap((line) => line.values));
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
    return week ? formatDate(`${week}T12:00:00Z`, 'j M') : '';
  };
  const tickProps = { className: styles.tick, fontSize: 11 } as const;
  // A date at either end of the axis reaches inwards, so that it stays inside the chart.
  const anchorOf = (px: number) =>
    px - start < 32 ? 'start' : start + inner - px < 32 ? 'end' : 'middle';
  // The figures are counts: no line or label between whole numbers.
  const yTicks = y.ticks(4).filter((value) => Number.isInteger(value));
  const yAxisProps = {
    scale: y,
    tickValues: yTicks,
    tickFormat: (value: { valueOf(): number }) => i18n.number(Number(value)),
    axisClassName: styles.axis,
    hideAxisLine: true,
    hideTicks: true,
  };

  return (
    <figure className={styles.chart}>
      <ul className={styles.legend}>
        {lines.map((line, n) => (
          <li key={line.label}>
            <svg width="24" height="10" aria-hidden="true">
              <line x1="0" x2="24" y1="5" y2="5" className={LINE_CLASSES[n]} />
            </svg>
            {line.label}
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
              {yTicks.map((value) => (
                <line
                  key={value}
                  x1={start}
                  x2={start + inner}
                  y1={y(value)}
                  y2={y(value)}
                  className={styles.grid}
                />
              ))}
              {lines.map((line, n) => (
                <LinePath
                  key={line.label}
                  data={[...line.values]}
                  x={(_, i) => x(i)}
                  y={(value) => y(value)}
                  className={LINE_CLASSES[n]}
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
