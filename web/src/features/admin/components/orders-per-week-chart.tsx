import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import styles from './orders-per-week-chart.module.css';

export interface WeekCount {
  /** The Monday of the week, YYYY-MM-DD (UTC). */
  weekStart: string;
  count: number;
}

/** The width drawn for until the figure is measured (and in tests, where nothing has a layout). */
const DEFAULT_WIDTH = 640;
const MIN_WIDTH = 240;
const MAX_BAR_WIDTH = 56;
const PLOT_HEIGHT = 140;
const TOP = 18;
const AXIS = 24;
/** Space at each end, so the first and last labels are not cut off. */
const SIDE = 20;
/** Room a week label ("28 Sept") needs at 11 px, so labels never overlap on a phone. */
const LABEL_ROOM = 48;

const weekLabel = (weekStart: string) =>
  new Date(`${weekStart}T00:00:00Z`).toLocaleDateString(undefined, { day: 'numeric', month: 'short', timeZone: 'UTC' });

const ordersText = (count: number) => `${count} ${count === 1 ? 'order' : 'orders'}`;

/**
 * The figure's width in CSS pixels, followed as the card resizes. The chart draws in a viewBox of exactly
 * this width, so it fills the card while its text stays at its real size (a fixed viewBox scaled to the
 * card would make 11 px labels 6 px on a phone and 22 px on a wide screen).
 */
function useWidth<T extends Element>(): [RefObject<T | null>, number] {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(DEFAULT_WIDTH);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const measured = Math.round(entry?.contentRect.width ?? 0);
      if (measured > 0) setWidth(Math.max(MIN_WIDTH, measured));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

/**
 * Orders per week as an inline SVG bar chart (no chart library: twelve bars do not need one). The SVG is
 * one image named by its title; each bar carries a <title> for pointer users, and a visually hidden table
 * gives screen readers the exact numbers. The bars share the card's width; only as many week labels are
 * drawn as fit (every week on a wide screen, every second or third on a phone).
 */
export function OrdersPerWeekChart({ weeks }: { weeks: readonly WeekCount[] }) {
  const id = useId();
  const titleId = `${id}-title`;
  const [figureRef, width] = useWidth<HTMLElement>();
  const max = Math.max(1, ...weeks.map((week) => week.count));
  const height = TOP + PLOT_HEIGHT + AXIS;
  const slot = (width - 2 * SIDE) / Math.max(1, weeks.length);
  const barWidth = Math.min(MAX_BAR_WIDTH, slot * 0.7);
  const labelEvery = Math.max(1, Math.ceil(LABEL_ROOM / slot));
  const total = weeks.reduce((sum, week) => sum + week.count, 0);
  const first = weeks[0];
  const last = weeks.at(-1);
  const summary =
    first && last
      ? `Orders per week, ${weekLabel(first.weekStart)} to ${weekLabel(last.weekStart)}: ${ordersText(total)} in all, at most ${max} in a week.`
      : 'Orders per week';

  return (
    <figure className={styles.figure} ref={figureRef}>
      <svg
        className={styles.chart}
        viewBox={`0 0 ${width} ${height}`}
        height={height}
        role="img"
        aria-labelledby={titleId}
        preserveAspectRatio="xMidYMid meet"
      >
        <title id={titleId}>{summary}</title>
        <line x1={0} x2={width} y1={TOP + PLOT_HEIGHT} y2={TOP + PLOT_HEIGHT} className={styles.axis} />
        {weeks.map((week, index) => {
          const barHeight = (week.count / max) * PLOT_HEIGHT;
          const x = SIDE + index * slot + (slot - barWidth) / 2;
          const y = TOP + PLOT_HEIGHT - barHeight;
          return (
            <g key={week.weekStart} data-bar={week.weekStart}>
              <title>{`Week of ${weekLabel(week.weekStart)}: ${ordersText(week.count)}`}</title>
              <rect x={x} y={y} width={barWidth} height={Math.max(barHeight, 1)} rx={3} className={styles.bar} />
              {week.count > 0 ? (
                <text x={x + barWidth / 2} y={y - 4} className={styles.value} textAnchor="middle">
                  {week.count}
                </text>
              ) : null}
              {/* Counted from the latest week, so this week is always labelled. */}
              {(weeks.length - 1 - index) % labelEvery === 0 ? (
                <text x={x + barWidth / 2} y={height - 6} className={styles.label} textAnchor="middle">
                  {weekLabel(week.weekStart)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <table className="visually-hidden">
        <caption>Orders per week</caption>
        <thead>
          <tr>
            <th scope="col">Week of</th>
            <th scope="col">Orders</th>
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.weekStart}>
              <th scope="row">
                <time dateTime={week.weekStart}>{weekLabel(week.weekStart)}</time>
              </th>
              <td>{week.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
