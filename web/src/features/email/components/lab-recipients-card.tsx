import { CHANGED_MESSAGES } from '../../../../../core/messages';
import { useState } from 'react';
import { updateLabNotificationSettingsInputSchema } from '../../../../../core/schemas/email/email';
import { Card } from '../../../components/card';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextAreaField } from '../../../components/ui/text-area-field';
import layout from '../../../components/form-layout.module.css';
import { SubmitButton } from '../../../forms/submit-button';
import { useSubmission } from '../../../forms/use-submission';
import { isCallableError } from '../../../lib/callable-error';
import { failureMessage } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';

/** Addresses typed one per line or separated by commas or semicolons. */
export const parseRecipients = (value: string) =>
  value
    .split(/[\s,;]+/)
    .map((r) => r.trim())
    .filter(Boolean);

export interface LabRecipientsCardProps {
  settings: { recipients: string[]; version: number };
  onSave: (input: { recipients: string[]; version: number }) => Promise<unknown>;
  onReload: () => Promise<unknown>;
}

/** Who at the lab is emailed about new orders and account requests. */
export function LabRecipientsCard({ settings, onSave, onReload }: LabRecipientsCardProps) {
  const initial = settings.recipients.join('\n');
  const [value, setValue] = useState(initial);
  const [conflict, setConflict] = useState(false);
  // One field: the message about the save shows on it.
  const { busy, formError: error, setFormError: setError, onSubmit } = useSubmission();

  const save = onSubmit(async () => {
    setConflict(false);
    const recipients = parseRecipients(value);
    const parsed = updateLabNotificationSettingsInputSchema.safeParse({ recipients, version: settings.version });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const index = issue.path[1];
      setError(typeof index === 'number' ? `"${recipients[index]}": ${issue.message}` : issue.message);
      return;
    }
    try {
      await onSave(parsed.data);
      notify('success', 'Lab notification recipients saved.');
    } catch (e) {
      if (isCallableError(e) && e.status === 'aborted') setConflict(true);
      else setError(failureMessage(e, 'The recipients could not be saved.'));
    }
  });

  return (
    <Card title="Lab notification recipients">
      <form className={layout.form} onSubmit={save} noValidate>
        <TextAreaField
          label="Email addresses"
          rows={4}
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setError(null);
          }}
          hint="One per line, or separated by commas. These addresses get the lab's emails: new, resubmitted and canceled orders, account requests, payments, warranty claims and consult requests."
          error={error ?? undefined}
        />
        {conflict ? (
          <Alert tone="warning" title={CHANGED_MESSAGES.labRecipients}>
            <Button size="sm" variant="secondary" onClick={() => void onReload()}>
              Reload latest
            </Button>
          </Alert>
        ) : null}
        <div className={layout.actions}>
          <SubmitButton busy={busy} disabled={value === initial}>
            Save recipients
          </SubmitButton>
        </div>
      </form>
    </Card>
  );
}
