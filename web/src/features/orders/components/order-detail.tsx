import { pagePaths } from '../../../../../core/page-paths';
import { CHANGED_MESSAGES } from '../../../../../core/messages';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { availableActions } from '../../../../../core/rules/order-lifecycle';
import { canReportParcel } from '../../../../../core/rules/parcel-claims';
import { orderInWarranty } from '../../../../../core/rules/warranty';
import { SHIPPING_METHOD_LABELS, type Order, type OrderParcel } from '../../../../../core/schemas/orders';
import { Card } from '../../../components/card';
import { OrderLinesTable } from '../shared/order-lines-table';
import { OrderStatusBadge } from '../shared/order-status-badge';
import { OrderProduction, parcelName } from './order-production';
import { ReportParcelDialog } from './report-parcel-dialog';
import { OrderTimeline } from '../shared/order-timeline';
import type { ProductionSettings } from '../../../../../core/schemas/production-settings';
import { formatCents } from '../../../lib/money-text';
import { PageHeader } from '../../../components/page-header';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { SubmitButton } from '../../../forms/submit-button';
import { useSubmission } from '../../../forms/use-submission';
import { isCallableError } from '../../../lib/callable-error';
import { failureMessage } from '../../../lib/form-errors';
import { dateTime } from '../../../lib/format-time';
import styles from './order-detail.module.css';

/**
 * Closed orders may be remade under warranty while any lens is in its window (shipping plus the design's
 * warranty days). The rule has one home, core/rules/warranty.ts, shared with Lens Credit and the server.
 */
export const warrantyOpen = (order: Order, now = Date.now()): boolean => orderInWarranty(order, new Date(now));

export interface OrderDetailProps {
  order: Order;
  onCancel: (input: { orderId: string; version: number; reason?: string }) => Promise<unknown>;
  onResubmit: (input: { orderId: string; version: number; answer: string }) => Promise<unknown>;
  onReload: () => void;
  /** Reports a parcel of a shipped order missing or damaged (sent with the version read). */
  onReportParcel?: (input: {
    orderId: string;
    version: number;
    parcelId: string;
    kind: 'missing' | 'damaged';
    note: string;
  }) => Promise<unknown>;
  /** Reads the order again (a 409 in the report dialog); answers when it is read. */
  onRefetch?: () => Promise<unknown>;
  renderAttachments?: (props: { orderId: string; editable: boolean }) => ReactNode;
  now?: number;
  /** The lab's stage names and calendar (the defaults until they load). */
  settings?: ProductionSettings | undefined;
}

/** An order as the practice sees it: status, lenses, shipping, files, hold answer, timeline. */
export function OrderDetail({
  order,
  onCancel,
  onResubmit,
  onReload,
  onReportParcel,
  onRefetch,
  renderAttachments,
  now,
  settings,
}: OrderDetailProps) {
  const [reporting, setReporting] = useState<OrderParcel | null>(null);
  const at = now === undefined ? new Date() : new Date(now);
  const actions = availableActions(order.status, 'practice');
  const [cancelling, setCancelling] = useState(false);
  const [reason, setReason] = useState('');
  const [answer, setAnswer] = useState('');
  const [answerError, setAnswerError] = useState<string | undefined>();
  // Cancel and resubmit are sent one at a time; their failure shows in the page's one alert.
  const submission = useSubmission();
  const { busy, formError: failure, setFormError: setFailure } = submission;
  const [conflict, setConflict] = useState(false);

  const handle = (error: unknown, fallback: string) => {
    if (isCallableError(error) && error.status === 'aborted') setConflict(true);
    else setFailure(failureMessage(error, fallback));
  };

  const cancel = () =>
    submission.run(async () => {
      try {
        await onCancel({
          orderId: order.orderId,
          version: order.version,
          ...(reason.trim() ? { reason: reason.trim() } : {}),
        });
      } catch (error) {
        handle(error, 'The order could not be canceled');
      } finally {
        setCancelling(false);
      }
    });

  const resubmit = submission.onSubmit(async () => {
    if (!answer.trim()) return setAnswerError('Write your answer to the lab');
    try {
      await onResubmit({ orderId: order.orderId, version: order.version, answer: answer.trim() });
      setAnswer('');
    } catch (error) {
      handle(error, 'The answer could not be sent');
    }
  });

  const editable = ['draft', 'submitted', 'on-hold'].includes(order.status);
  const address = order.shipping?.address;
  return (
    <>
      <PageHeader
        title={order.orderNumber ? `Order ${order.orderNumber}` : 'Draft order'}
        description={
          <span className={styles.headerLine}>
            <OrderStatusBadge status={order.status} /> {order.patient || 'No patient yet'}
            {order.poNumber ? ` · PO ${order.poNumber}` : ''}
          </span>
        }
        actions={
          <div className={styles.actions}>
            {order.status === 'draft' ? (
              <Link className={styles.link} to={pagePaths.orderForm({ draft: order.orderId })}>
                Continue the draft
              </Link>
            ) : (
              <Link className={styles.link} to={pagePaths.orderForm({ from: order.orderId, kind: 'reorder' })}>
                Reorder
              </Link>
            )}
            {warrantyOpen(order, now) ? (
              <Link className={styles.link} to={pagePaths.orderForm({ from: order.orderId, kind: 'warranty' })}>
                Warranty remake
              </Link>
            ) : null}
            {actions.includes('cancel') ? (
              <Button variant="danger" onClick={() => setCancelling(true)}>
                Cancel order
              </Button>
            ) : null}
          </div>
        }
      />
      {conflict ? (
        <Alert tone="warning" title={CHANGED_MESSAGES.order}>
          Someone else changed this order while you had it open. Nothing you typed was sent.{' '}
          <Button
            size="sm"
            variant="secondary"
            onClick={() => {
              setConflict(false);
              onReload();
            }}
          >
            Reload
          </Button>
        </Alert>
      ) : null}
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      {order.status === 'on-hold' ? (
        <section className={styles.hold} aria-labelledby="hold-title">
          <h2 id="hold-title">The lab needs information</h2>
          <p className={styles.holdMessage}>{order.holdMessage ?? 'See the timeline below.'}</p>
          {actions.includes('resubmit') ? (
            <form noValidate onSubmit={resubmit}>
              <TextAreaField
                label="Your answer"
                value={answer}
                maxLength={2000}
                required
                error={answerError}
                onChange={(e) => {
                  setAnswer(e.target.value);
                  setAnswerError(undefined);
                }}
              />
              <SubmitButton busy={busy}>Answer and resubmit</SubmitButton>
            </form>
          ) : null}
        </section>
      ) : null}
      {order.status === 'rejected' && order.rejectReason ? (
        <Alert tone="error" title="Rejected by the lab">
          {order.rejectReason}
        </Alert>
      ) : null}
      <div className={styles.grid}>
        <Card title="Order">
          <dl className={styles.facts}>
            <dt>Created</dt>
            <dd>
              <time dateTime={order.createdAt}>{dateTime(order.createdAt)}</time> by {order.createdBy.name}
            </dd>
            {order.submittedAt ? (
              <>
                <dt>Submitted</dt>
                <dd>
                  <time dateTime={order.submittedAt}>{dateTime(order.submittedAt)}</time>
                </dd>
              </>
            ) : null}
            {order.invoiceNumber ? (
              <>
                <dt>Invoice</dt>
                <dd>{order.invoiceNumber}</dd>
              </>
            ) : null}
            {order.remake ? (
              <>
                <dt>{order.remake.kind === 'warranty' ? 'Warranty remake of' : 'Reorder of'}</dt>
                <dd>
                  <Link to={pagePaths.order(order.remake.ofOrderId)}>
                    {order.remake.ofOrderNumber ?? 'the earlier order'}
                  </Link>
                </dd>
              </>
            ) : null}
            {order.totalCents !== undefined ? (
              <>
                <dt>Total</dt>
                <dd>{formatCents(order.totalCents)}</dd>
              </>
            ) : null}
          </dl>
        </Card>
        <Card title="Shipping">
          {order.shipping && address ? (
            <>
              <p>
                {SHIPPING_METHOD_LABELS[order.shipping.method]} to{' '}
                {order.shipping.shipTo === 'patient' ? 'the patient' : 'the practice'}
              </p>
              <address className={styles.address}>
                {[address.address, address.apt, `${address.city}, ${address.state} ${address.zip}`, address.country]
                  .filter(Boolean)
                  .map((line) => (
                    <span key={line}>{line}</span>
                  ))}
              </address>
            </>
          ) : (
            <p>Not given yet.</p>
          )}
        </Card>
      </div>
      <OrderProduction
        order={order}
        stages={settings?.stages}
        calendar={settings?.calendar}
        now={at}
        renderParcelActions={(parcel) =>
          onReportParcel && canReportParcel(order, parcel, at) ? (
            <Button
              size="sm"
              variant="secondary"
              aria-label={`Report a problem with parcel ${parcelName(parcel)}`}
              onClick={() => setReporting(parcel)}
            >
              Report a problem
            </Button>
          ) : null
        }
      />
      <Card title="Lenses" className={styles.block}>
        <OrderLinesTable lines={order.lines} />
      </Card>
      {order.notes ? (
        <Card title="Order notes" className={styles.block}>
          <p className={styles.notes}>{order.notes}</p>
        </Card>
      ) : null}
      {/* The attachments panel brings its own heading. */}
      <Card {...(renderAttachments ? {} : { title: 'Files' })} className={styles.block}>
        {renderAttachments ? (
          renderAttachments({ orderId: order.orderId, editable })
        ) : order.attachments.length > 0 ? (
          <ul>
            {order.attachments.map((file) => (
              <li key={file.name}>{file.name}</li>
            ))}
          </ul>
        ) : (
          <p>No files attached.</p>
        )}
      </Card>
      <Card title="Timeline">
        <OrderTimeline history={order.history} />
      </Card>
      {reporting && onReportParcel ? (
        <ReportParcelDialog
          order={order}
          parcel={reporting}
          send={onReportParcel}
          onReload={onRefetch ?? (async () => onReload())}
          onClose={() => setReporting(null)}
        />
      ) : null}
      {cancelling ? (
        <ConfirmDialog
          title={`Cancel order ${order.orderNumber ?? ''}?`}
          confirmLabel="Cancel order"
          busy={busy}
          onConfirm={() => void cancel()}
          onCancel={() => setCancelling(false)}
        >
          <p>The lab will not make this order. This cannot be undone.</p>
          <TextField
            label="Reason (optional)"
            value={reason}
            maxLength={500}
            onChange={(e) => setReason(e.target.value)}
          />
        </ConfirmDialog>
      ) : null}
    </>
  );
}
