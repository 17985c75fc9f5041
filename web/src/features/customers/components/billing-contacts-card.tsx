import { CHANGED_MESSAGES } from '../../../../../core/messages';
import {
  MAX_BILLING_CONTACTS,
  updateBillingContactsInputSchema,
  type BillingContacts,
} from '../../../../../core/schemas/customers/billing-contacts';
import { Card } from '../../../components/card';
import { LoadFailed } from '../../../components/load-failed';
import { ConflictAlert } from '../../../components/reload-latest-alert';
import { TextAreaField } from '../../../components/ui/text-area-field';
import layout from '../../../components/form-layout.module.css';
import { DiscardChanges } from '../../../forms/discard-changes';
import { FormError } from '../../../forms/form-error';
import { SubmitButton } from '../../../forms/submit-button';
import { usePortalForm } from '../../../forms/use-portal-form';
import { notify } from '../../../lib/notify';
import { useAccountInView } from '../../../lib/session-context';
import { useBillingContacts, useUpdateBillingContacts } from '../api/billing-contacts';

/** The textarea's lines as addresses: blank lines, commas and semicolons between addresses are allowed. */
export const contactsOf = (text: string): string[] =>
  text
    .split(/[\n,;]+/)
    .map((line) => line.trim())
    .filter(Boolean);

/**
 * Settings' "Billing contacts" for a practice user: the accounts-payable addresses of the account in view, which
 * get its invoices, statements and payment reminders as well as the users who chose them. They need not be
 * portal users (docs/decisions/0109-billing-contacts.md).
 */
export function BillingContactsCard({ className }: { className?: string }) {
  const accountNumber = useAccountInView();
  const contacts = useBillingContacts(accountNumber);
  return (
    <Card title="Billing contacts" className={className}>
      {contacts.isError ? (
        <LoadFailed title="The billing contacts could not be loaded" onRetry={() => void contacts.refetch()} />
      ) : contacts.data ? (
        <BillingContactsForm key={contacts.data.version} read={contacts.data} onReload={() => contacts.refetch()} />
      ) : (
        <p className={layout.note}>Loading billing contacts…</p>
      )}
    </Card>
  );
}

function BillingContactsForm({ read, onReload }: { read: BillingContacts; onReload: () => Promise<unknown> }) {
  const update = useUpdateBillingContacts();
  const initial = { contacts: read.contacts.join('\n') };
  const form = usePortalForm({
    initial,
    schema: updateBillingContactsInputSchema,
    input: (values) => ({
      accountNumber: read.accountNumber,
      contacts: contactsOf(values.contacts),
      version: read.version,
    }),
    listFields: ['contacts'],
    failureMessage: 'The billing contacts could not be saved.',
    onReload,
    submit: async (input) => {
      await update.mutateAsync(input);
      notify.success('The billing contacts were saved.');
    },
  });
  return (
    <form id={form.formId} className={layout.form} onSubmit={form.submit} noValidate>
      <p className={layout.note}>
        Invoices, statements and payment reminders of account {read.accountNumber} also go to these addresses, for
        example your accounts-payable mailbox. They need not sign in to the portal.
      </p>
      <TextAreaField
        label="Billing contact emails"
        hint={`One address a line, at most ${MAX_BILLING_CONTACTS}.`}
        rows={3}
        {...form.field('contacts')}
      />
      <ConflictAlert conflict={form.conflict} title={CHANGED_MESSAGES.practice}>
        Your addresses are still in the form. Reloading replaces them with the latest.
      </ConflictAlert>
      <FormError message={form.formError} />
      <div className={layout.actions}>
        <SubmitButton busy={form.busy} disabled={!form.dirty}>
          Save billing contacts
        </SubmitButton>
        <DiscardChanges dirty={form.dirty} busy={form.busy} onDiscard={() => form.reset(initial)} />
      </div>
    </form>
  );
}
