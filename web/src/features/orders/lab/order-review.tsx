import { PAGE_PATHS, pagePaths } from '../../../../../core/page-paths';
import { useState, type ComponentType } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { ORDER_STATUS_LABELS, availableActions } from '../../../../../core/rules/order-lifecycle';
import { canRecordDelay } from '../../../../../core/rules/order-delays';
import type { ParcelClaimDecision } from '../../../../../core/rules/parcel-claims';
import {
  SHIPPING_METHOD_LABELS,
  orderIdSchema,
  type Order,
  type OrderParcel,
} from '../../../../../core/schemas/orders';
import { Card } from '../../../components/card';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { billedCentsOf } from '../../../../../core/rules/warranty';
import { OrderLinesTable } from '../shared/order-lines-table';
import { OrderStatusBadge } from '../shared/order-status-badge';
import { OrderProduction, hasProductionFacts, parcelName } from '../components/order-production';
import { OrderTimeline } from '../shared/order-timeline';
import { useProductionSettings } from '../api/order-queries';
import { formatCents } from '../../../lib/money-text';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { LoadingLine, Spinner } from '../../../components/ui/spinner';
import { isCallableError } from '../../../lib/callable-error';
import { formatAddress } from '../../../lib/format-address';
import { dateTime } from '../../../lib/format-time';
import { useOrder } from '../api/get-order';
import { useDecideParcelClaim, useLabAction, useRecordOrderDelay } from '../api/order-actions';
import { DecideClaimDialog } from './decide-claim-dialog';
import { DelayDialog } from './delay-dialog';
import { LabActionDialog, initialCloseFields, type CloseFields, type LabAction } from './lab-action-dialog';
import styles from './order-review.module.css';
import { FactList } from '../../../components/fact-list';

/** The attachments panel, given by the page (features do not import each other). */
export type AttachmentsComponent = ComponentType<{ orderId: string; editable?: boolean }>;

const BUTTON_LABELS: Record<LabAction, string> = {
  approve: 'Approve',
  hold: 'Put on hold…',
  reject: 'Reject…',
  close: 'Close with invoice…',
};

const isLabAction = (action: string): action is LabAction => action in BUTTON_LABELS;

function Facts({ order }: { order: Order }) {
  const rows: Array<[string, React.ReactNode]> = [
    ['Status', <OrderStatusBadge key="status" status={order.status} />],
    ['Account', order.accountNumber],
    ['Patient', order.patient],
    ['PO number', order.poNumber || '—'],
    ['Submitted', order.submittedAt ? dateTime(order.submittedAt) : '—'],
    [`${ORDER_STATUS_LABELS[order.status]} since`, dateTime(order.statusAt)],
    ['Ordered by', order.createdBy.name],
  ];
  if (order.invoiceNumber) rows.push(['Invoice number', order.invoiceNumber]);
  if (order.totalCents !== undefined) rows.push(['Total', formatCents(order.totalCents)]);
  // A warranty exchange bills its fee, not the lens price: the lab sees what the invoice will charge.
  if (order.remake?.kind === 'warranty')
    rows.push([
      'Billed',
      `${formatCents(order.lines.reduce((sum, line) => sum + billedCentsOf(order, line), 0))} (warranty exchange fee)`,
    ]);
  return <FactList rows={rows} className={styles.facts} />;
}

function StatusNote({ order }: { order: Order }) {
  if (order.status === 'on-hold' && order.holdMessage)
    return (
      <Alert tone="warning" title="On hold: waiting for the practice">
        <p className={styles.preWrap}>{order.holdMessage}</p>
      </Alert>
    );
  if (order.status === 'rejected' && order.rejectReason)
    return (
      <Alert tone="info" title="Rejected">
        <p className={styles.preWrap}>{order.rejectReason}</p>
      </Alert>
    );
  return null;
}

function Shipping({ order }: { order: Order }) {
  if (!order.shipping) return <p className={styles.muted}>No shipping details.</p>;
  const { method, shipTo, address } = order.shipping;
  return (
    <dl className={styles.facts}>
      <div>
        <dt>Method</dt>
        <dd>{SHIPPING_METHOD_LABELS[method]}</dd>
      </div>
      <div>
        <dt>Ship to</dt>
        <dd>{shipTo === 'patient' ? 'The patient' : 'The practice'}</dd>
      </div>
      <div>
        <dt>Address</dt>
        <dd>
          {formatAddress(address).map((line) => (
            <span key={line} className={styles.line}>
              {line}
            </span>
          ))}
        </dd>
      </div>
    </dl>
  );
}

/**
 * /admin/order-approval/:orderId: one order with everything the lab checks before production (every
 * parameter, shipping, notes, remake origin, files, history) and the actions its status allows the lab
 * (core/rules/order-lifecycle availableActions). What an admin types into an action is kept here per
 * action, so neither a conflict nor closing the dialog loses it.
 */
export function OrderReview({
  orderId,
  Attachments,
  onChanged,
}: {
  orderId: string;
  Attachments?: AttachmentsComponent;
  /** Called after an action changed the order (the page refreshes other features' views, the dashboard). */
  onChanged?: () => void;
}) {
  const wellFormed = orderIdSchema.safeParse(orderId).success;
  const query = useOrder(orderId, wellFormed);
  const mutation = useLabAction(onChanged);
  const delay = useRecordOrderDelay(onChanged);
  const deciding = useDecideParcelClaim();
  const [decision, setDecision] = useState<{ parcel: OrderParcel; decision: ParcelClaimDecision } | null>(null);
  const settings = useProductionSettings(query.data !== undefined && hasProductionFacts(query.data));
  const location = useLocation();
  const [open, setOpen] = useState<LabAction | null>(null);
  const [delayOpen, setDelayOpen] = useState(false);
  const [texts, setTexts] = useState<Partial<Record<LabAction, string>>>({});
  // The close dialog's shipping and tax, kept like the texts; null until it first opens (then prefilled).
  const [closeFields, setCloseFields] = useState<CloseFields | null>(null);
  const queueSearch = (location.state as { queueSearch?: unknown } | null)?.queueSearch;
  const backTo = `${PAGE_PATHS.orderApproval}${typeof queueSearch === 'string' ? queueSearch : ''}`;
  const back = (
    <Link to={backTo} className={styles.back}>
      <span aria-hidden="true">← </span>Back to the queue
    </Link>
  );

  if (!wellFormed)
    return (
      <>
        {back}
        <EmptyState title="Order not found">This order does not exist, or its link is incomplete.</EmptyState>
      </>
    );

  if (query.isPending)
    return (
      <>
        {back}
        <LoadingLine className={styles.loading}>Loading the order…</LoadingLine>
      </>
    );

  if (query.isError) {
    const notFound = isCallableError(query.error) && query.error.status === 'not-found';
    return (
      <>
        {back}
        {notFound ? (
          <EmptyState title="Order not found">This order does not exist, or its link is incomplete.</EmptyState>
        ) : (
          <Alert tone="error" title="The order could not be loaded">
            <Button size="sm" variant="secondary" onClick={() => void query.refetch()}>
              Try again
            </Button>
          </Alert>
        )}
      </>
    );
  }

  const order = query.data;
  const number = order.orderNumber ?? 'Draft';
  const actions = availableActions(order.status, 'lab').filter(isLabAction);
  // The server's own rule: an order not shipped yet that was promised a ship date.
  const delayable = canRecordDelay(order);

  return (
    <>
      {back}
      <PageHeader
        title={`Order ${number}`}
        description={`${order.patient} · account ${order.accountNumber}`}
        actions={
          actions.length || delayable ? (
            <div className={styles.actions} role="group" aria-label="Order actions">
              {actions.map((action) => (
                <Button
                  key={action}
                  variant={
                    action === 'reject'
                      ? 'danger'
                      : action === 'approve' || action === 'close'
                        ? 'primary'
                        : 'secondary'
                  }
                  disabled={mutation.isPending}
                  onClick={() => {
                    if (action === 'close' && !closeFields) setCloseFields(initialCloseFields(order));
                    setOpen(action);
                  }}
                >
                  {BUTTON_LABELS[action]}
                </Button>
              ))}
              {delayable ? (
                <Button variant="secondary" disabled={mutation.isPending} onClick={() => setDelayOpen(true)}>
                  Record delay…
                </Button>
              ) : null}
            </div>
          ) : null
        }
      />
      {query.isFetching ? (
        <p className={styles.loading} role="status">
          <Spinner size={14} /> Refreshing…
        </p>
      ) : null}
      <StatusNote order={order} />
      <div className={styles.grid}>
        <Card title="Order" className={styles.wide}>
          <Facts order={order} />
          {order.remake ? (
            <p className={styles.remake}>
              {order.remake.kind === 'warranty' ? 'Warranty remake of order ' : 'Reorder of order '}
              <Link to={pagePaths.labOrder(order.remake.ofOrderId)}>
                {order.remake.ofOrderNumber ?? order.remake.ofOrderId}
              </Link>
              {order.remake.originalOrderId && order.remake.originalOrderId !== order.remake.ofOrderId ? (
                <>
                  {' '}
                  (original order{' '}
                  <Link to={pagePaths.labOrder(order.remake.originalOrderId)}>
                    {order.remake.originalOrderNumber ?? order.remake.originalOrderId}
                  </Link>
                  )
                </>
              ) : null}
              .
            </p>
          ) : null}
        </Card>
        <Card title="Lenses" className={styles.wide}>
          <OrderLinesTable lines={order.lines} />
        </Card>
        <div className={styles.wide}>
          <OrderProduction
            order={order}
            stages={settings.data?.stages}
            calendar={settings.data?.calendar}
            renderParcelActions={(parcel) =>
              parcel.claim?.status === 'open' ? (
                <span className={styles.actions} role="group" aria-label={`Claim on parcel ${parcelName(parcel)}`}>
                  <Button size="sm" onClick={() => setDecision({ parcel, decision: 'replace' })}>
                    Replace…
                  </Button>
                  <Button size="sm" variant="danger" onClick={() => setDecision({ parcel, decision: 'decline' })}>
                    Decline…
                  </Button>
                </span>
              ) : null
            }
          />
        </div>
        <Card title="Shipping">
          <Shipping order={order} />
        </Card>
        <Card title="Notes">
          {order.notes ? (
            <p className={styles.preWrap}>{order.notes}</p>
          ) : (
            <p className={styles.muted}>No order notes provided</p>
          )}
        </Card>
        {/* The attachments panel brings its own heading. */}
        <Card {...(Attachments ? {} : { title: 'Attachments' })} className={styles.wide}>
          {Attachments ? (
            <Attachments orderId={order.orderId} editable />
          ) : (
            <p className={styles.muted}>{order.attachments.length} file(s) attached.</p>
          )}
        </Card>
        <Card title="History" className={styles.wide}>
          <OrderTimeline history={order.history} />
        </Card>
      </div>
      {delayOpen ? (
        <DelayDialog
          order={order}
          calendar={settings.data?.calendar}
          send={(input) => delay.mutateAsync(input)}
          onReload={() => query.refetch()}
          onClose={() => setDelayOpen(false)}
        />
      ) : null}
      {decision ? (
        <DecideClaimDialog
          decision={decision.decision}
          order={order}
          parcel={decision.parcel}
          send={(input) => deciding.mutateAsync(input)}
          onReload={() => query.refetch()}
          onClose={() => setDecision(null)}
        />
      ) : null}
      {open ? (
        <LabActionDialog
          action={open}
          order={order}
          text={texts[open] ?? ''}
          onTextChange={(text) => setTexts((current) => ({ ...current, [open]: text }))}
          {...(open === 'close'
            ? { closeFields: closeFields ?? initialCloseFields(order), onCloseFieldsChange: setCloseFields }
            : {})}
          send={(request) => mutation.mutateAsync(request)}
          onReload={() => query.refetch()}
          onClose={() => setOpen(null)}
          onDone={() => {
            setTexts((current) => ({ ...current, [open]: '' }));
            if (open === 'close') setCloseFields(null);
            setOpen(null);
          }}
        />
      ) : null}
    </>
  );
}
