import type { ReactNode } from 'react';

/** Label / value pairs as a description list, one row each (the layout is the caller's class). */
export function FactList({
  rows,
  className,
  rowClassName,
}: {
  rows: ReadonlyArray<readonly [string, ReactNode]>;
  className: string | undefined;
  rowClassName?: string | undefined;
}) {
  return (
    <dl className={className}>
      {rows.map(([label, value]) => (
        <div key={label} className={rowClassName}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
