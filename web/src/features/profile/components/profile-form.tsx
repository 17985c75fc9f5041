import { CHANGED_MESSAGES, FORM_MESSAGES } from '../../../../../core/messages';
import { useEffect } from 'react';
import {
  updateMyProfileInputSchema,
  type UpdateMyProfileInput,
} from '../../../../../core/schemas/profile/profile-update';
import type { UserProfile } from '../../../../../core/schemas/users/user-profile';
import { AddressFields } from '../../../components/address-fields';
import { ConflictAlert } from '../../../components/reload-latest-alert';
import { TextField } from '../../../components/ui/text-field';
import { FormError } from '../../../forms/form-error';
import { SubmitButton } from '../../../forms/submit-button';
import { usePortalForm } from '../../../forms/use-portal-form';
import layout from '../../../components/form-layout.module.css';
import { DiscardChanges } from '../../../forms/discard-changes';

/** The spec 3 fields a user edits on their own record, as form strings. */
export function profileValuesOf(profile: UserProfile) {
  return {
    firstName: profile.firstName,
    lastName: profile.lastName,
    address: profile.address ?? '',
    apt: profile.apt ?? '',
    city: profile.city ?? '',
    state: profile.state ?? '',
    zip: profile.zip ?? '',
    phone: profile.phone ?? '',
    country: profile.country ?? '',
    company: profile.company ?? '',
    faxNumber: profile.faxNumber ?? '',
  };
}

export interface ProfileFormProps {
  profile: UserProfile;
  /** Saves the fields with the version they were read at. */
  onSave: (input: UpdateMyProfileInput) => Promise<unknown>;
  /** Loads the latest profile (after a conflict); the page then shows the form again with it. */
  onReload: () => Promise<unknown>;
  onDirtyChange?: (dirty: boolean) => void;
}

/**
 * /customer/profile: the user's own fields (spec 3 User), checked with the schema the server parses and
 * saved with the version read (optimistic locking). When the profile changed elsewhere meanwhile, the save
 * is refused: the form keeps what the user typed and offers to reload the latest.
 */
export function ProfileForm({ profile, onSave, onReload, onDirtyChange }: ProfileFormProps) {
  const form = usePortalForm({
    initial: profileValuesOf(profile),
    schema: updateMyProfileInputSchema,
    input: (values) => ({ version: profile.version, ...values }),
    invalidMessage: FORM_MESSAGES.correctMarkedFields,
    failureMessage: 'Your profile could not be saved.',
    onReload,
    submit: async (_checked, values) => {
      await onSave({ version: profile.version, ...values });
      // The saved values are the new baseline; the page reloads the profile with its new version.
      form.reset(values);
    },
  });
  const { dirty, busy: saving, conflict } = form;

  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);

  return (
    <form id={form.formId} className={layout.form} onSubmit={form.submit} noValidate>
      <fieldset className={layout.section}>
        <legend className={layout.legend}>Name and contact</legend>
        <div className={layout.row}>
          <TextField label="First name" autoComplete="given-name" required {...form.field('firstName')} />
          <TextField label="Last name" autoComplete="family-name" required {...form.field('lastName')} />
        </div>
        <TextField
          label="Email"
          type="email"
          value={profile.email}
          readOnly
          hint="Your sign-in email. Contact the lab to change it."
        />
        <div className={layout.row}>
          <TextField label="Phone (optional)" type="tel" autoComplete="tel" {...form.field('phone')} />
          <TextField label="Fax (optional)" type="tel" autoComplete="fax tel" {...form.field('faxNumber')} />
        </div>
        <TextField label="Company (optional)" autoComplete="organization" {...form.field('company')} />
      </fieldset>
      <fieldset className={layout.section}>
        <legend className={layout.legend}>Address</legend>
        <AddressFields field={form.field} required={false} />
      </fieldset>
      {/* Beside the Save button, where the user looks after pressing it. */}
      <ConflictAlert conflict={conflict} title={CHANGED_MESSAGES.profile}>
        Your changes are still in the form. Reloading replaces them with the latest.
      </ConflictAlert>
      <FormError message={form.formError} />
      <div className={layout.actions}>
        <SubmitButton busy={saving} disabled={!dirty}>
          Save profile
        </SubmitButton>
        <DiscardChanges dirty={dirty} busy={saving} onDiscard={() => form.reset(profileValuesOf(profile))} />
      </div>
    </form>
  );
}
