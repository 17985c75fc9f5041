import { FORM_MESSAGES } from '../../../../../core/messages';
import {
  accountRequestFormSchema,
  type AccountRequest,
  type AccountRequestForm as AccountRequestInput,
} from '../../../../../core/schemas/account-requests';
import { buyingGroupChoices, type BuyingGroup } from '../../../../../core/schemas/customers/buying-group';
import { AddressFields } from '../../../components/address-fields';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { FormError } from '../../../forms/form-error';
import { SubmitButton } from '../../../forms/submit-button';
import { usePortalForm } from '../../../forms/use-portal-form';
import layout from '../../../components/form-layout.module.css';

export interface AccountRequestFormProps {
  buyingGroups: readonly BuyingGroup[];
  /** Why the buying groups could not be loaded: the select says so instead of offering nothing. */
  buyingGroupsError?: string | null;
  /** The signed-in user's email and name, offered as the contact. */
  defaults: { email: string; contactName: string; practiceName?: string };
  /** A rejected request the user sends again, corrected: the form starts with its values. */
  previous?: AccountRequest;
  /** Sends the checked request; a rejection is shown on the form (field errors beside their fields). */
  onSubmit: (request: AccountRequestInput) => Promise<unknown>;
}

/** The form's first values: the user's own details, or all of a rejected request being sent again. */
const initialValues = (defaults: AccountRequestFormProps['defaults'], previous?: AccountRequest) => ({
  practiceName: previous?.practiceName ?? defaults.practiceName ?? '',
  contactName: previous?.contactName ?? defaults.contactName,
  email: previous?.email ?? defaults.email,
  phone: previous?.phone ?? '',
  fax: previous?.fax ?? '',
  address: {
    address: previous?.address.address ?? '',
    apt: previous?.address.apt ?? '',
    city: previous?.address.city ?? '',
    state: previous?.address.state ?? '',
    zip: previous?.address.zip ?? '',
    country: previous?.address.country ?? '',
  },
  stateLicenseNumber: previous?.stateLicenseNumber ?? '',
  buyingGroupId: previous?.buyingGroupId ?? '',
  hasAccountNumber: Boolean(previous?.existingAccountNumber),
  existingAccountNumber: previous?.existingAccountNumber ?? '',
});

/** What the form sends: its values without the checkbox, the account number only when the box is ticked. */
export function requestOf(values: ReturnType<typeof initialValues>): AccountRequestInput {
  const { hasAccountNumber, existingAccountNumber, ...request } = values;
  return { ...request, existingAccountNumber: hasAccountNumber ? existingAccountNumber : '' };
}

/**
 * spec 2 /auth/request: the account-number request of a verified customer without an account number.
 * Checked with the schema the server parses (core/schemas/account-requests.ts), so the messages beside each
 * field are the same on both sides; the server's field errors land beside the same fields. The button is
 * disabled while sending and a second submit is ignored (the server also keeps one request per user).
 */
export function AccountRequestForm({
  buyingGroups,
  buyingGroupsError = null,
  defaults,
  previous,
  onSubmit,
}: AccountRequestFormProps) {
  const form = usePortalForm({
    initial: initialValues(defaults, previous),
    schema: accountRequestFormSchema,
    input: requestOf,
    invalidMessage: FORM_MESSAGES.correctMarkedFields,
    failureMessage: FORM_MESSAGES.requestNotSent,
    // The form's own values are sent: the server parses them with the same schema.
    submit: (_checked, values) => onSubmit(requestOf(values)),
  });
  const sending = form.busy;

  // Deactivated groups are not offered, except the one a rejected request being sent again had chosen.
  const groupOptions = buyingGroupChoices(buyingGroups, previous?.buyingGroupId).map((group) => ({
    value: group.buyingGroupId,
    label: group.name,
  }));

  return (
    <form id={form.formId} className={layout.form} onSubmit={form.submit} noValidate>
      <FormError message={form.formError} />
      <fieldset className={layout.section}>
        <legend className={layout.legend}>Practice</legend>
        <TextField label="Practice name" autoComplete="organization" required {...form.field('practiceName')} />
        <TextField label="Contact name" autoComplete="name" required {...form.field('contactName')} />
        <TextField label="Email" type="email" autoComplete="email" required {...form.field('email')} />
        <div className={layout.row}>
          <TextField label="Phone" type="tel" autoComplete="tel" required {...form.field('phone')} />
          <TextField label="Fax (optional)" type="tel" autoComplete="fax tel" {...form.field('fax')} />
        </div>
      </fieldset>
      <fieldset className={layout.section}>
        <legend className={layout.legend}>Practice address</legend>
        <AddressFields field={form.field} prefix="address" />
      </fieldset>
      <fieldset className={layout.section}>
        <legend className={layout.legend}>License and buying group</legend>
        <TextField label="State license number" autoComplete="off" required {...form.field('stateLicenseNumber')} />
        <SelectField
          label="Buying group"
          placeholder={buyingGroups.length ? 'Choose a buying group' : 'Loading buying groups…'}
          options={groupOptions}
          required
          hint={
            buyingGroupsError
              ? `The buying groups could not be loaded (${buyingGroupsError}). Reload the page to try again.`
              : undefined
          }
          {...form.field('buyingGroupId')}
        />
        <CheckboxField label="I already have an account number" {...form.checkbox('hasAccountNumber')} />
        {form.values.hasAccountNumber ? (
          <TextField
            label="Account number"
            autoComplete="off"
            hint="The lab confirms it when approving your request."
            required
            {...form.field('existingAccountNumber')}
          />
        ) : null}
      </fieldset>
      <SubmitButton busy={sending} block>
        {sending ? 'Sending request…' : 'Request account number'}
      </SubmitButton>
    </form>
  );
}
