import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  approveAccountRequestInputSchema,
  type AccountRequest,
  type linkToExistingSchema,
} from '../../../../../core/schemas/account-requests';
import type { GetCustomerOutput } from '../../../../../core/schemas/customers/customer-admin';
import type * as z from '../../../../../core/zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { FormDialog } from '../../../components/ui/form-dialog';
import { TextField } from '../../../components/ui/text-field';
import { usePortalForm } from '../../../forms/use-portal-form';
import { isCallableError } from '../../../lib/callable-error';
import { FORM_LEVEL, failureMessage, type FormErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { getCustomerQueryOptions } from '../../customers';
import { useApproveAccountRequest } from '../api/approve-account-request';
import styles from './approve-request-dialog.module.css';

type ApproveInput = z.output<typeof approveAccountRequestInputSchema>;
type LinkToExisting = z.output<typeof linkToExistingSchema>;

/** The practice an approval would link the requester to, shown before the separate confirmation. */
interface ExistingPractice {
  accountNumber: string;
  detail: GetCustomerOutput;
}

/**
 * Approves an account request: the account number is the one the customer gave (to confirm) or one the
 * lab assigns. A new number creates the practice from the request. A number that already belongs to a
 * practice (a request can name anyone's account number) is never linked in one click: the
 * server refuses it (409, field `linkToExisting`), and the dialog then shows that practice and its users and
 * asks for a separate, explicit confirmation before linking.
 */
export function ApproveRequestDialog({
  request,
  onApproved,
  onClose,
}: {
  request: AccountRequest;
  onApproved: () => void;
  onClose: () => void;
}) {
  const approve = useApproveAccountRequest();
  const queryClient = useQueryClient();
  const [existing, setExisting] = useState<ExistingPractice | null>(null);
  const [confirmed, setConfirmed] = useState(false);
  const [loadingPractice, setLoadingPractice] = useState(false);
  const form = usePortalForm({
    initial: { accountNumber: request.existingAccountNumber ?? '' },
    schema: approveAccountRequestInputSchema,
    input: (values): z.input<typeof approveAccountRequestInputSchema> => {
      if (existing) {
        const link: LinkToExisting = { accountNumber: existing.accountNumber, confirm: true };
        return { requestId: request.requestId, accountNumber: existing.accountNumber, linkToExisting: link };
      }
      // Left empty, the server confirms the number the customer gave (or says one must be assigned).
      const typed = values.accountNumber.trim();
      return { requestId: request.requestId, ...(typed ? { accountNumber: typed } : {}) };
    },
    check: (): FormErrors =>
      existing && !confirmed
        ? { [FORM_LEVEL]: `Tick the confirmation to link ${request.userEmail} to ${existing.detail.customer.company}.` }
        : {},
    failureMessage: 'The request could not be approved.',
    submit: async (input) => {
      try {
        await send(input);
      } catch (error) {
        const accountNumber = input.accountNumber ?? request.accountNumber ?? request.existingAccountNumber;
        if (!existing && isCallableError(error) && error.fieldError('linkToExisting') && accountNumber) {
          await askToConfirm(accountNumber);
          return;
        }
        throw error;
      }
    },
  });
  const { setFormError, formError } = form;

  async function send(input: ApproveInput) {
    const answer = await approve.mutateAsync(input);
    const company = existing?.detail.customer.company;
    notify.success(
      `${request.practiceName} is approved with account ${answer.request.accountNumber ?? input.accountNumber}` +
        (answer.practiceCreated ? '; the practice was created.' : company ? `, linked to ${company}.` : '.') +
        (answer.emailSent ? ` The approval email is on its way to ${request.userEmail}.` : ''),
    );
    // False when the request was approved before (its email went with that approval) or could not be emailed.
    if (!answer.emailSent) notify.warning(`No approval email was sent this time. Tell ${request.userEmail} yourself.`);
    onApproved();
  }

  /** The server says the number is an existing practice: load it and its users, and ask to confirm. */
  async function askToConfirm(accountNumber: string) {
    setLoadingPractice(true);
    try {
      const detail = await queryClient.fetchQuery({ ...getCustomerQueryOptions(accountNumber), staleTime: 0 });
      setConfirmed(false);
      setExisting({ accountNumber, detail });
    } catch (error) {
      setFormError(failureMessage(error, `Account ${accountNumber} could not be loaded. Try again.`));
    } finally {
      setLoadingPractice(false);
    }
  }

  const busy = form.busy || loadingPractice;
  if (existing) {
    const { customer, linkedUsers } = existing.detail;
    return (
      <FormDialog
        title="Approve account request"
        formId={form.formId}
        busy={busy}
        submitLabel="Link to existing practice"
        submitVariant="danger"
        submitDisabled={!confirmed}
        onSubmit={form.submit}
        onClose={onClose}
        intro={
          <>
            <strong>{request.practiceName}</strong> ({request.userEmail}) asked for account{' '}
            <strong>{existing.accountNumber}</strong>, which already belongs to a practice.
          </>
        }
        formError={formError}
      >
        <Alert tone="warning" title={`${existing.accountNumber} is ${customer.company}`}>
          Linking gives {request.userEmail} this practice&apos;s orders, its patients&apos; names and its invoices. Its
          users are emailed that someone was linked.
        </Alert>
        <section aria-labelledby={`${form.formId}-users`} className={styles.users}>
          <h3 id={`${form.formId}-users`} className={styles.heading}>
            Users of {customer.company} now
          </h3>
          {linkedUsers.length ? (
            <ul className={styles.list}>
              {linkedUsers.map((user) => (
                <li key={user.userId}>
                  {[user.firstName, user.lastName].filter(Boolean).join(' ') || user.email} ({user.email})
                  {user.isMainAccount ? ', main account' : ''}
                </li>
              ))}
            </ul>
          ) : (
            <p className={styles.none}>No users are linked to it yet.</p>
          )}
        </section>
        <CheckboxField
          label={`I checked that ${request.userEmail} works at ${customer.company} and may see its orders and patients.`}
          checked={confirmed}
          onChange={(event) => setConfirmed(event.target.checked)}
        />
        <div>
          <Button
            variant="ghost"
            size="sm"
            disabled={busy}
            onClick={() => {
              setExisting(null);
              setConfirmed(false);
              setFormError(null);
            }}
          >
            Use another account number
          </Button>
        </div>
      </FormDialog>
    );
  }

  return (
    <FormDialog
      title="Approve account request"
      formId={form.formId}
      busy={busy}
      submitLabel="Approve"
      onSubmit={form.submit}
      onClose={onClose}
      intro={
        <>
          <strong>{request.practiceName}</strong> ({request.userEmail}){' '}
          {request.existingAccountNumber
            ? 'gave an account number: confirm it, or correct it.'
            : 'has no account number yet: assign one.'}{' '}
          A new account number creates the practice from the request; an existing one needs a separate confirmation.
        </>
      }
      formError={formError}
    >
      <TextField
        label="Account number"
        autoComplete="off"
        required={!request.existingAccountNumber}
        hint="Letters, digits and dashes, e.g. CS-3001."
        {...form.field('accountNumber')}
      />
    </FormDialog>
  );
}
