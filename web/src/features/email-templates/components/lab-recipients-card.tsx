import { useState, type FormEvent } from 'react';
import { updateLabNotificationSettingsInputSchema } from '../../../../../core/schemas/email';
import { Card } from '../../../components/card';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextAreaField } from '../../../components/ui/text-area-field';
import layout from '../../../components/form-layout.module.css';
import { isCallableError } from '../../../lib/callable-error';
import { failureMessage } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';

export const RECIPIENTS_CONFLICT_MESSAGE =
  'The lab recipients changed since you opened them. Reload to see the latest.';

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
  const [error, setError] = useState<string | null>(null);
  const [conflict, setConflict] = useState(false);
  const [saving, setSaving] = useState(false);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    setError(null);
    setConflict(false);
    const recipients = parseRecipients(value);
    const parsed = updateLabNotificationSettingsInputSchema.safeParse({ recipients, version: settings.version });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const index = issue.path[1];
      setError(typeof index === 'number' ? `"${recipients[index]}": ${issue.message}` : issue.message);
      return;
    }
    setSaving(true);
    try {
      await onSave(parsed.data);
      notify('success', 'Lab notification recipients saved.');
    } catch (e) {
      if (isCallableError(e) && e.status === 'aborted') setConflict(true);
      else setError(failureMessage(e, 'The recipients could not be saved.'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card title="Lab notification recipients">
      <form className={layout.form} onSubmit={(e) => void save(e)} noValidate>
        <TextAreaField
          label="Email addresses"
          rows={4}
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setError(null);
          }}
          hint="One per line, or separated by commas. These addresses get the lab's emails: new, resubmitted and cancelled orders, account requests, payments, warranty claims and consult requests."
          error={error ?? undefined}
        />
        {conflict ? (
          <Alert tone="warning" title={RECIPIENTS_CONFLICT_MESSAGE}>
            <Button size="sm" variant="secondary" onClick={() => void onReload()}>
              Reload latest
            </Button>
          </Alert>
        ) : null}
        <div className={layout.actions}>
          <Button type="submit" loading={saving} disabled={value === initial}>
            Save recipients
          </Button>
        </div>
      </form>
    </Card>
  );
}
