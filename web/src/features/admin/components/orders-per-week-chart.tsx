import { useId } from 'react';
import styles from './orders-per-week-chart.module.css';

export interface WeekCount {
  /** The Monday of the week, YYYY-MM-DD (UTC). */
  weekStart: string;
  count: number;
}

const BAR_WIDTH = 28;
const GAP = 12;
const PLOT_HEIGHT = 120;
const TOP = 18;
const AXIS = 24;

const weekLabel = (weekStart: string) =>
  new Date(`${weekStart}T00:00:00Z`).toLocaleDateString(undefined, { day: 'numeric', month: 'short', timeZone: 'UTC' });

const ordersText = (count: number) => `${count} ${count === 1 ? 'order' : 'orders'}`;

/**
 * Orders per week as an inline SVG bar chart (no chart library: twelve bars do not need one). The SVG is
 * one image named by its title; each bar carries a <title> for pointer users, and a visually hidden table
 * gives screen readers the exact numbers.
 */
export function OrdersPerWeekChart({ weeks }: { weeks: readonly WeekCount[] }) {
  const id = useId();
  const titleId = `${id}-title`;
  const max = Math.max(1, ...weeks.map((week) => week.count));
  const width = weeks.length * (BAR_WIDTH + GAP) + GAP;
  const height = TOP + PLOT_HEIGHT + AXIS;
  const total = weeks.reduce((sum, week) => sum + week.count, 0);
  const first = weeks[0];
  const last = weeks.at(-1);
  const summary =
    first && last
      ? `Orders per week, ${weekLabel(first.weekStart)} to ${weekLabel(last.weekStart)}: ${ordersText(total)} in all, at most ${max} in a week.`
      : 'Orders per week';

  return (
    <figure className={styles.figure}>
      <svg
        className={styles.chart}
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-labelledby={titleId}
        preserveAspectRatio="xMidYMid meet"
      >
        <title id={titleId}>{summary}</title>
        <line x1={0} x2={width} y1={TOP + PLOT_HEIGHT} y2={TOP + PLOT_HEIGHT} className={styles.axis} />
        {weeks.map((week, index) => {
          const barHeight = (week.count / max) * PLOT_HEIGHT;
          const x = GAP + index * (BAR_WIDTH + GAP);
          const y = TOP + PLOT_HEIGHT - barHeight;
          return (
            <g key={week.weekStart} data-bar={week.weekStart}>
              <title>{`Week of ${weekLabel(week.weekStart)}: ${ordersText(week.count)}`}</title>
              <rect x={x} y={y} width={BAR_WIDTH} height={Math.max(barHeight, 1)} rx={3} className={styles.bar} />
              {week.count > 0 ? (
                <text x={x + BAR_WIDTH / 2} y={y - 4} className={styles.value} textAnchor="middle">
                  {week.count}
                </text>
              ) : null}
              {/* Every other week is labelled, so the labels stay readable on a phone. */}
              {index % 2 === 0 ? (
                <text x={x + BAR_WIDTH / 2} y={height - 6} className={styles.label} textAnchor="middle">
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
