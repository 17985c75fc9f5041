import { useState } from 'react';
import { dollarsText, formatCents, notMoney, parseDollars } from '../../../lib/money-text';
import {
  CREDIT_REASON_LABELS,
  updateCreditSettingsInputSchema,
  type CreditApproval,
  type CreditSettings,
} from '../../../../../core/schemas/credit';
import { Card } from '../../../components/card';
import { EmptyState } from '../../../components/empty-state';
import { LoadFailed } from '../../../components/load-failed';
import { Button } from '../../../components/ui/button';
import { DataTable, type Column } from '../../../components/ui/data-table';
import { FormDialog } from '../../../components/ui/form-dialog';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { failureMessage, type FormErrors } from '../../../lib/form-errors';
import { ConflictAlert } from '../../../components/reload-latest-alert';
import { FormError } from '../../../forms/form-error';
import { SubmitButton } from '../../../forms/submit-button';
import { usePortalForm } from '../../../forms/use-portal-form';
import { dateTime } from '../../../lib/format-time';
import { notify } from '../../../lib/notify';
import {
  useCreditApprovals,
  useCreditSettings,
  useDecideCreditApproval,
  useUpdateCreditSettings,
} from '../api/warranty-claims';
import styles from './credit.module.css';
import { DECIMAL_INPUT } from '../../../forms/number-inputs';

/**
 * Super admins: goodwill and overpayment credit above the lab's threshold, waiting for a second super admin
 * (docs/decisions/0092-large-credit-needs-a-second-super-admin.md), and the threshold itself. The server refuses
 * the person who granted it; the page only offers the buttons.
 */
export function CreditApprovals({ currentUserId }: { currentUserId: string | null }) {
  const query = useCreditApprovals();
  const decide = useDecideCreditApproval();
  const [rejecting, setRejecting] = useState<CreditApproval | null>(null);
  const [reason, setReason] = useState('');

  async function run(
    approval: CreditApproval,
    input: { decision: 'approve' } | { decision: 'reject'; reason: string },
  ) {
    try {
      await decide.mutateAsync({ entryId: approval.entryId, version: approval.version, ...input });
      notify.success(
        `${formatCents(approval.amountCents)} for ${approval.accountNumber} ${input.decision === 'approve' ? 'approved: it is in the ledger' : 'rejected'}.`,
      );
      setRejecting(null);
    } catch (error) {
      notify.error(failureMessage(error, 'The credit could not be decided. Please try again.'));
    }
  }

  const columns: Column<CreditApproval>[] = [
    { key: 'account', header: 'Account', primary: true, render: (a) => a.accountNumber },
    { key: 'reason', header: 'Reason', render: (a) => CREDIT_REASON_LABELS[a.reason] },
    { key: 'amount', header: 'Amount', render: (a) => formatCents(a.amountCents) },
    { key: 'note', header: 'Note', render: (a) => <span className={styles.note}>{a.note}</span> },
    {
      key: 'by',
      header: 'Granted by',
      render: (a) => (
        <span className={styles.stack}>
          <span>{a.requestedBy.name}</span>
          <time className={styles.muted} dateTime={a.requestedAt}>
            {dateTime(a.requestedAt)}
          </time>
        </span>
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      actions: true,
      render: (a) =>
        a.requestedBy.userId === currentUserId ? (
          <span className={styles.muted}>Another super admin decides</span>
        ) : (
          <span className={styles.actionButtons}>
            <Button
              size="sm"
              variant="secondary"
              disabled={decide.isPending}
              aria-label={`Approve ${formatCents(a.amountCents)} for ${a.accountNumber}`}
              onClick={() => void run(a, { decision: 'approve' })}
            >
              Approve
            </Button>
            <Button
              size="sm"
              variant="ghost"
              aria-label={`Reject ${formatCents(a.amountCents)} for ${a.accountNumber}`}
              onClick={() => {
                setReason('');
                setRejecting(a);
              }}
            >
              Reject
            </Button>
          </span>
        ),
    },
  ];

  return (
    <Card title="Credit waiting for a second super admin">
      <ApprovalThreshold />
      {query.isError ? (
        <LoadFailed title="The credit waiting for approval could not be loaded." onRetry={() => void query.refetch()} />
      ) : (query.data?.items.length ?? 0) === 0 && !query.isPending ? (
        <EmptyState title="Nothing waits for approval" />
      ) : (
        <DataTable
          caption="Credit waiting for approval"
          columns={columns}
          rows={query.data?.items ?? []}
          rowKey={(a) => a.entryId}
        />
      )}
      {rejecting ? (
        <FormDialog
          title="Reject credit"
          formId="reject-credit"
          busy={decide.isPending}
          submitLabel="Reject credit"
          submitDisabled={reason.trim() === ''}
          onSubmit={() => run(rejecting, { decision: 'reject', reason })}
          onClose={() => setRejecting(null)}
          intro={`${formatCents(rejecting.amountCents)} for ${rejecting.accountNumber} is not credited. The reason is kept with it and in the audit trail.`}
          formError={null}
        >
          <TextAreaField
            label="Reason"
            maxLength={1000}
            required
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </FormDialog>
      ) : null}
    </Card>
  );
}

/** The threshold in dollars; credit strictly above it waits for a second super admin. */
function ApprovalThreshold() {
  const settings = useCreditSettings();
  if (!settings.data) return null;
  // A new version (this save, or another super admin's) starts the form again from what is stored.
  return <ApprovalThresholdForm key={settings.data.version} stored={settings.data} onReload={settings.refetch} />;
}

function ApprovalThresholdForm({ stored, onReload }: { stored: CreditSettings; onReload: () => unknown }) {
  const update = useUpdateCreditSettings();
  const form = usePortalForm({
    // Typed in dollars under the schema's name, so the server's message about it shows on the field.
    initial: { approvalThresholdCents: dollarsText(stored.approvalThresholdCents) },
    schema: updateCreditSettingsInputSchema,
    input: (values) => ({
      approvalThresholdCents: parseDollars(values.approvalThresholdCents) ?? 0,
      version: stored.version,
    }),
    check: (values): FormErrors =>
      parseDollars(values.approvalThresholdCents) === null ? { approvalThresholdCents: notMoney('1000.00') } : {},
    failureMessage: 'The threshold could not be saved. Please try again.',
    onReload: async () => {
      await onReload();
    },
    submit: async (checked) => {
      await update.mutateAsync(checked);
      notify.success(`Credit above ${formatCents(checked.approvalThresholdCents)} now waits for a second super admin.`);
    },
  });

  return (
    <form id={form.formId} className={styles.stack} onSubmit={form.submit} aria-label="Approval threshold" noValidate>
      <TextField
        label="Approval threshold (USD)"
        {...DECIMAL_INPUT}
        hint="Goodwill credit, and overpayments kept as credit, above this amount wait for a second super admin."
        {...form.field('approvalThresholdCents')}
      />
      <ConflictAlert conflict={form.conflict} title="Another super admin changed the threshold.">
        What you typed is still in the field. Reloading replaces it with the saved threshold.
      </ConflictAlert>
      <FormError message={form.formError} />
      <SubmitButton busy={form.busy} disabled={!form.dirty} size="sm">
        Save threshold
      </SubmitButton>
    </form>
  );
}
