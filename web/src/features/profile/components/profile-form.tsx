import { useEffect, useState, type FormEvent } from 'react';
import { updateMyProfileInputSchema, type UpdateMyProfileInput } from '../../../../../core/schemas/profile-update';
import type { UserProfile } from '../../../../../core/schemas/user-profile';
import { AddressFields } from '../../../components/address-fields';
import { ReloadLatestAlert } from '../../../components/reload-latest-alert';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useFormState } from '../../../hooks/use-form-state';
import { useReloadLatest } from '../../../hooks/use-reload-latest';
import { isCallableError } from '../../../lib/callable-error';
import { checkForm, formMessageFor, serverFormErrors } from '../../../lib/form-errors';
import layout from '../../../components/form-layout.module.css';

/** What the user sees when their save lost a race with another tab or device (409 aborted). */
export const PROFILE_CONFLICT_MESSAGE = 'This profile changed in another tab or device. Reload to see the latest.';

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
  const form = useFormState(profileValuesOf(profile));
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const { reloading, reload } = useReloadLatest(onReload);
  const { dirty } = form;

  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    setFormError(null);
    setConflict(false);
    const checked = checkForm(updateMyProfileInputSchema, { version: profile.version, ...form.values });
    if (!checked.ok) {
      form.showErrors(checked.errors);
      setFormError('Please correct the marked fields.');
      return;
    }
    setSaving(true);
    try {
      await onSave({ version: profile.version, ...form.values });
      // The saved values are the new baseline; the page reloads the profile with its new version.
      form.reset(form.values);
    } catch (error) {
      if (isCallableError(error) && error.status === 'aborted') {
        setConflict(true);
      } else {
        const fieldErrors = serverFormErrors(error);
        form.showErrors(fieldErrors);
        setFormError(formMessageFor(error, fieldErrors, 'Your profile could not be saved.'));
      }
    } finally {
      setSaving(false);
    }
  }

  return (
    <form id={form.formId} className={layout.form} onSubmit={(e) => void save(e)} noValidate>
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
      {conflict ? (
        <ReloadLatestAlert title={PROFILE_CONFLICT_MESSAGE} reloading={reloading} onReload={() => void reload()}>
          Your changes are still in the form. Reloading replaces them with the latest.
        </ReloadLatestAlert>
      ) : null}
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      <div className={layout.actions}>
        <Button type="submit" loading={saving} disabled={!dirty}>
          Save profile
        </Button>
        <Button variant="ghost" onClick={() => form.reset(profileValuesOf(profile))} disabled={!dirty || saving}>
          Discard changes
        </Button>
        <span className={layout.status} aria-live="polite">
          {dirty ? 'You have unsaved changes.' : ''}
        </span>
      </div>
    </form>
  );
}
