import { useEffect } from 'react';
import { CHANGED_MESSAGES } from '../../../../../core/messages';
import { effectiveChoices, eventsFor } from '../../../../../core/rules/notification-events';
import {
  updateNotificationPreferencesInputSchema,
  type NotificationPreferences,
  type UpdateNotificationPreferencesInput,
} from '../../../../../core/schemas/notifications';
import { ConflictAlert } from '../../../components/reload-latest-alert';
import { SelectField } from '../../../components/ui/select-field';
import layout from '../../../components/form-layout.module.css';
import { DiscardChanges } from '../../../forms/discard-changes';
import { FormError } from '../../../forms/form-error';
import { SubmitButton } from '../../../forms/submit-button';
import { usePortalForm } from '../../../forms/use-portal-form';
import { changedChoices, choiceOptions, type ChoiceValues } from '../model/choices';
import styles from './notification-settings.module.css';

export interface NotificationSettingsFormProps {
  preferences: NotificationPreferences;
  /** Saves the changed choices with the version they were read at. */
  onSave: (input: UpdateNotificationPreferencesInput) => Promise<unknown>;
  /** Loads the latest choices (after a conflict); the page then shows the form again with them. */
  onReload: () => Promise<unknown>;
  onDirtyChange?: (dirty: boolean) => void;
}

/**
 * One control per event of the user's audience (core/rules/notification-events.ts: its label, description
 * and the choices the audience has), saved with the version read. Choices saved meanwhile elsewhere (another
 * tab) refuse the save: the form keeps what was chosen and offers to reload the latest.
 */
export function NotificationSettingsForm({
  preferences,
  onSave,
  onReload,
  onDirtyChange,
}: NotificationSettingsFormProps) {
  const { audience, version } = preferences;
  // Every event of the audience at the choice it has now, the unchosen ones at their default.
  const read: ChoiceValues = effectiveChoices(audience, preferences.choices);
  const options = choiceOptions(audience);
  const form = usePortalForm({
    initial: { choices: read },
    schema: updateNotificationPreferencesInputSchema,
    input: (values) => ({ choices: changedChoices(read, values.choices), version }),
    failureMessage: 'Your notification choices could not be saved.',
    onReload,
    submit: async (input, values) => {
      await onSave(input);
      form.reset(values);
    },
  });
  const { dirty, busy: saving, conflict } = form;

  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);

  return (
    <form id={form.formId} className={layout.form} onSubmit={form.submit} noValidate>
      <p className={layout.note}>
        {audience === 'lab'
          ? "Choose what shows in your bell. The lab's emails go to the recipients set in Email Management."
          : 'Email and portal: an email as it happens, and the bell. Portal only: the bell alone. Daily digest: one email a day listing them, and the bell. Off: nothing.'}
      </p>
      <div className={styles.events}>
        {eventsFor(audience).map((event) => (
          <SelectField
            key={event.id}
            label={event.label}
            hint={event.description}
            options={options}
            {...form.field(`choices.${event.id}`)}
          />
        ))}
      </div>
      <ConflictAlert conflict={conflict} title={CHANGED_MESSAGES.notificationPreferences}>
        Your choices are still in the form. Reloading replaces them with the latest.
      </ConflictAlert>
      <FormError message={form.formError} />
      <div className={layout.actions}>
        <SubmitButton busy={saving} disabled={!dirty}>
          Save notification choices
        </SubmitButton>
        <DiscardChanges dirty={dirty} busy={saving} onDiscard={() => form.reset({ choices: read })} />
      </div>
    </form>
  );
}
