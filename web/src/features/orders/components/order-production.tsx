import type { OrderStatus } from '../../../../../core/rules/order-lifecycle';
import {
  DEFAULT_PRODUCTION_STAGES,
  stageIndex,
  stageLabel,
  stageOfOrder,
  type ProductionStage,
} from '../../../../../core/rules/production-stages';
import {
  DEFAULT_SHIPPING_CALENDAR,
  PROMISE_STATE_LABELS,
  localDay,
  promiseState,
  type PromiseState,
  type ShippingCalendar,
} from '../../../../../core/rules/ship-date';
import { CARRIER_LABELS, trackingUrl, type ParcelStatus } from '../../../../../core/rules/tracking-numbers';
import type { ReactNode } from 'react';
import type { Order, OrderHistoryEntry, OrderParcel, ParcelClaim } from '../../../../../core/schemas/orders';
import { Card } from '../../../components/card';
import { Badge } from '../../../components/ui/badge';
import { dateTime, shortDay } from '../../../lib/format-time';
import styles from './order-production.module.css';

/** The statuses whose promise is still to keep: measured against today and the ship-by day as it stands now. */
const TO_SHIP: readonly OrderStatus[] = ['submitted', 'on-hold', 'approved'];

export const PARCEL_STATUS_LABELS: Record<ParcelStatus, string> = {
  'pre-transit': 'Label created',
  'in-transit': 'In transit',
  'out-for-delivery': 'Out for delivery',
  delivered: 'Delivered',
  exception: 'Delivery problem',
  returned: 'Returned to the lab',
  unknown: 'No news from the carrier yet',
};

const STATE_TONES: Record<PromiseState, 'success' | 'warning' | 'danger' | 'info'> = {
  'on-time': 'info',
  'at-risk': 'warning',
  late: 'danger',
  'shipped-on-time': 'success',
};

/**
 * Where an order stands against its promise, counted as the lab's queue counts it (lambdas list-orders): a shipped
 * order against the day first promised, one still to ship against today's ship-by day; none for the others.
 */
export function orderPromiseState(order: Order, calendar: ShippingCalendar, now: Date): PromiseState | null {
  const { promise } = order;
  if (!promise) return null;
  const today = localDay(now, calendar.timeZone);
  if (order.status === 'closed' && order.shippedOn)
    return promiseState({ shipBy: promise.firstShipBy, shippedOn: order.shippedOn, today, calendar });
  if (TO_SHIP.includes(order.status)) return promiseState({ shipBy: promise.shipBy, today, calendar });
  return null;
}

/**
 * True when an order carries production facts the lab's settings name (a stage, a promise, parcels): only then do
 * its pages ask for the settings. An order from before stages reads its stage from its status with the defaults.
 */
export const hasProductionFacts = (order: Order): boolean =>
  order.stage !== undefined || order.promise !== undefined || order.parcels !== undefined;

/** The newest history entry that moved the order into a stage. */
function enteredStage(history: readonly OrderHistoryEntry[], id: string): OrderHistoryEntry | undefined {
  let found: OrderHistoryEntry | undefined;
  for (const entry of history) if (entry.stage === id && (!found || entry.at >= found.at)) found = entry;
  return found;
}

/** The stages in the lab's order: those passed (with when and who), the current one marked as the step. */
function StageProgress({ order, stages }: { order: Order; stages: readonly ProductionStage[] }) {
  const current = stageOfOrder(order);
  if (current === null) return null;
  // A stage the lab has since removed still shows where the order is, at the end of what is known.
  const list =
    stageIndex(stages, current) === -1 ? [...stages, { id: current, label: stageLabel(stages, current) }] : stages;
  const at = stageIndex(list, current);
  return (
    <ol className={styles.stages} aria-label="Production stages">
      {list.map((stage, index) => {
        const state = index < at ? 'done' : index === at ? 'current' : 'todo';
        const entry = state === 'todo' ? undefined : enteredStage(order.history, stage.id);
        return (
          <li
            key={stage.id}
            className={`${styles.stage} ${state === 'done' ? styles.done : state === 'current' ? styles.current : ''}`}
            aria-current={state === 'current' ? 'step' : undefined}
          >
            <span>
              {stage.label}
              <span className="visually-hidden">
                {state === 'done' ? ' (done)' : state === 'current' ? ' (current stage)' : ' (to come)'}
              </span>
            </span>
            {entry ? (
              <span className={styles.meta}>
                <time dateTime={entry.at}>{dateTime(entry.at)}</time> by {entry.by.name}
              </span>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}

/** A parcel as people name it: its carrier and number. */
export const parcelName = (parcel: Pick<OrderParcel, 'carrier' | 'trackingNumber'>) =>
  `${CARRIER_LABELS[parcel.carrier]} ${parcel.trackingNumber}`;

/** A claim's state on its parcel, as both sides read it: open (what and when), replaced, or declined with why. */
export function ParcelClaimState({ claim }: { claim: ParcelClaim }) {
  const reported = (
    <>
      {claim.kind}, reported <time dateTime={claim.reportedAt}>{shortDay(claim.reportedAt.slice(0, 10))}</time>
    </>
  );
  switch (claim.status) {
    case 'open':
      return (
        <p className={styles.claim}>
          <strong>Claim open:</strong> {reported}
        </p>
      );
    case 'replaced':
      return (
        <p className={styles.claim}>
          <strong>Replaced:</strong> new lenses at no charge (claim: {reported}).
          {claim.decisionNote ? ` Note from the lab: ${claim.decisionNote}` : ''}
        </p>
      );
    case 'declined':
      return (
        <p className={styles.claim}>
          <strong>Declined:</strong> {claim.decisionNote ?? 'no reason given'} (claim: {reported})
        </p>
      );
  }
}

/**
 * An order's production as both sides read it: the stage it is at in the lab's list, what was promised and where
 * it stands against it ("Late", "At risk": words, the color only repeats them), each delay the lab recorded with
 * its reason, and the parcels with links to the carriers' tracking pages.
 */
export function OrderProduction({
  order,
  stages = DEFAULT_PRODUCTION_STAGES,
  calendar = DEFAULT_SHIPPING_CALENDAR,
  now = new Date(),
  renderParcelActions,
}: {
  order: Order;
  stages?: readonly ProductionStage[] | undefined;
  calendar?: ShippingCalendar | undefined;
  now?: Date;
  /** What each side may do about a parcel (the practice reports a problem, the lab decides a claim). */
  renderParcelActions?: ((parcel: OrderParcel) => ReactNode) | undefined;
}) {
  const { promise, delays = [], parcels } = order;
  const state = orderPromiseState(order, calendar, now);
  const hasStage = stageOfOrder(order) !== null;
  if (!hasStage && !promise && !parcels) return null;
  return (
    <>
      <Card title="Production" className={styles.block}>
        <StageProgress order={order} stages={stages} />
        {promise ? (
          <dl className={styles.facts}>
            <dt>Ships by</dt>
            <dd>
              <time dateTime={promise.shipBy}>{shortDay(promise.shipBy)}</time>
              {state && state !== 'on-time' ? (
                <Badge tone={STATE_TONES[state]}>{PROMISE_STATE_LABELS[state]}</Badge>
              ) : null}
            </dd>
            <dt>Arrives by</dt>
            <dd>
              <time dateTime={promise.arriveBy}>{shortDay(promise.arriveBy)}</time>
            </dd>
            {order.shippedOn ? (
              <>
                <dt>Shipped</dt>
                <dd>
                  <time dateTime={order.shippedOn}>{shortDay(order.shippedOn)}</time>
                </dd>
              </>
            ) : null}
            {order.deliveredAt ? (
              <>
                <dt>Delivered</dt>
                <dd>
                  <time dateTime={order.deliveredAt}>{dateTime(order.deliveredAt)}</time>
                </dd>
              </>
            ) : null}
          </dl>
        ) : null}
        {delays.length > 0 ? (
          <>
            <h3>Delays</h3>
            <ul className={styles.list} aria-label="Delays">
              {delays.map((delay) => (
                <li key={delay.at}>
                  <span>
                    Ship date moved from <time dateTime={delay.previousShipBy}>{shortDay(delay.previousShipBy)}</time>{' '}
                    <span aria-hidden="true">→</span>
                    <span className="visually-hidden"> to </span>{' '}
                    <time dateTime={delay.shipBy}>{shortDay(delay.shipBy)}</time>
                  </span>{' '}
                  <span className={styles.meta}>
                    (<time dateTime={delay.at}>{dateTime(delay.at)}</time>, {delay.by.name})
                  </span>
                  <p className={styles.reason}>{delay.reason}</p>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </Card>
      {parcels ? (
        <Card title="Parcels" className={styles.block}>
          {parcels.length === 0 ? (
            <p>Shipped without a tracking number (hand delivery or the lab&apos;s courier).</p>
          ) : (
            <ul className={styles.list}>
              {parcels.map((parcel) => (
                <li key={parcel.parcelId} className={styles.parcel}>
                  <span>{CARRIER_LABELS[parcel.carrier]}</span>
                  <a
                    href={trackingUrl(parcel.carrier, parcel.trackingNumber)}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    {parcel.trackingNumber}
                    <span className="visually-hidden">
                      {' '}
                      (opens the {CARRIER_LABELS[parcel.carrier]} site in a new tab)
                    </span>
                  </a>
                  <span>{PARCEL_STATUS_LABELS[parcel.status]}</span>
                  {parcel.deliveredAt ? (
                    <span>
                      Delivered <time dateTime={parcel.deliveredAt}>{dateTime(parcel.deliveredAt)}</time>
                    </span>
                  ) : null}
                  {parcel.claim ? <ParcelClaimState claim={parcel.claim} /> : null}
                  {renderParcelActions?.(parcel)}
                </li>
              ))}
            </ul>
          )}
        </Card>
      ) : null}
    </>
  );
}
