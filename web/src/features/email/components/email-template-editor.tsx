import { CHANGED_MESSAGES, FORM_MESSAGES } from '../../../../../core/messages';
import { useEffect, useRef, useState } from 'react';
import {
  EMAIL_PLACEHOLDERS,
  updateEmailTemplateInputSchema,
  type EmailTemplate,
} from '../../../../../core/schemas/email/email';
import { ConflictAlert } from '../../../components/reload-latest-alert';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import layout from '../../../components/form-layout.module.css';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { FormError } from '../../../forms/form-error';
import { SubmitButton } from '../../../forms/submit-button';
import { usePortalForm } from '../../../forms/use-portal-form';
import { useSubmission } from '../../../forms/use-submission';
import { failureMessage } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { EMAIL_KIND_LABELS, placeholderToken } from './email-kind-labels';
import styles from './email-management.module.css';
import { DiscardChanges } from '../../../forms/discard-changes';

type Text = { subject: string; body: string };
export interface RenderedPreview {
  subject: string;
  html: string;
  text: string;
}

export interface EmailTemplateEditorProps {
  template: EmailTemplate;
  /** Where a test goes: the signed-in admin's own address (the server sends nowhere else). */
  testAddress: string;
  onSave: (input: Text & { kind: EmailTemplate['kind']; version: number }) => Promise<unknown>;
  /** Loads the latest templates after a conflict. */
  onReload: () => Promise<unknown>;
  preview: (input: Text & { kind: EmailTemplate['kind'] }) => Promise<RenderedPreview>;
  sendTest: (input: Text & { kind: EmailTemplate['kind']; to: string }) => Promise<{ sent: boolean }>;
  onDirtyChange?: (dirty: boolean) => void;
}

const PREVIEW_DELAY_MS = 400;

/**
 * One email's subject and body, with its placeholders (click to insert at the cursor), a preview the server
 * renders with sample values (shown in a sandboxed iframe: no scripts, no same-origin access), Save with the
 * version read, Reset to default (puts the built-in text in the editor; Save stores it) and Send test.
 */
export function EmailTemplateEditor({
  template,
  testAddress,
  onSave,
  onReload,
  preview,
  sendTest,
  onDirtyChange,
}: EmailTemplateEditorProps) {
  const form = usePortalForm({
    initial: { subject: template.subject, body: template.body } as Text,
    schema: updateEmailTemplateInputSchema,
    input: (values) => ({ kind: template.kind, version: template.version, ...values }),
    invalidMessage: FORM_MESSAGES.correctMarkedFields,
    failureMessage: 'The template could not be saved.',
    // A 409: the text stays in the editor until the admin reloads.
    onReload,
    submit: async (_checked, values) => {
      await onSave({ kind: template.kind, version: template.version, ...values });
      notify('success', `${EMAIL_KIND_LABELS[template.kind].label} email saved.`);
    },
  });
  const text = form.values;
  const saving = form.busy;
  const { conflict } = form;
  const to = testAddress;
  // Send test is its own action beside Save, with its own progress and message.
  const testing = useSubmission();
  const [previewResult, setPreviewResult] = useState<{
    key: string;
    rendered: RenderedPreview | null;
    error: string | null;
  } | null>(null);
  // The UI kit's fields take no ref: the inputs are found inside these wrappers.
  const subjectBox = useRef<HTMLDivElement>(null);
  const bodyBox = useRef<HTMLDivElement>(null);
  const lastField = useRef<'subject' | 'body'>('body');
  const placeholders = Object.keys(EMAIL_PLACEHOLDERS[template.kind]);
  const dirty = text.subject !== template.subject || text.body !== template.body;
  const isDefault = text.subject === template.defaults.subject && text.body === template.defaults.body;
  const settled = useDebouncedValue(text, PREVIEW_DELAY_MS);

  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);

  const previewKey = JSON.stringify(settled);
  useEffect(() => {
    let current = true;
    preview({ kind: template.kind, ...(JSON.parse(previewKey) as Text) })
      .then((answer) => {
        if (current) setPreviewResult({ key: previewKey, rendered: answer, error: null });
      })
      .catch((error: unknown) => {
        if (current)
          setPreviewResult((last) => ({
            key: previewKey,
            rendered: last?.rendered ?? null,
            error: failureMessage(error, 'The preview could not be made.'),
          }));
      });
    return () => {
      current = false;
    };
  }, [previewKey, template.kind, preview]);
  const rendered = previewResult?.rendered ?? null;
  const previewError = previewResult?.error ?? null;
  // The preview trails the typing by PREVIEW_DELAY_MS plus the server's answer.
  const previewing = previewResult?.key !== JSON.stringify(text);

  const change = (field: keyof Text, value: string) => form.set(field, value);
  const setText = (next: Text) => {
    change('subject', next.subject);
    change('body', next.body);
  };

  function insert(name: string) {
    const field = lastField.current;
    const element =
      field === 'subject' ? subjectBox.current?.querySelector('input') : bodyBox.current?.querySelector('textarea');
    const token = placeholderToken(name);
    const value = text[field];
    const start = element?.selectionStart ?? value.length;
    const end = element?.selectionEnd ?? value.length;
    change(field, value.slice(0, start) + token + value.slice(end));
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + token.length, start + token.length);
    });
  }

  const test = testing.onSubmit(async () => {
    try {
      const answer = await sendTest({ kind: template.kind, to: to.trim(), ...text });
      if (answer.sent) notify('success', `The test email is on its way to ${to.trim()}.`);
      else testing.setFormError('The test email could not be sent. Try again later.');
    } catch (error) {
      testing.setFormError(failureMessage(error, 'The test email could not be sent.'));
    }
  });

  const { label, description } = EMAIL_KIND_LABELS[template.kind];
  return (
    <div className={styles.stack}>
      <form id={form.formId} className={layout.form} onSubmit={form.submit} noValidate aria-label={`${label} email`}>
        <h2>{label}</h2>
        <p className={layout.note}>
          {description} {template.version === 0 ? 'Uses the built-in text.' : `Saved version ${template.version}.`}
        </p>
        <div ref={subjectBox}>
          <TextField
            label="Subject"
            maxLength={200}
            required
            {...form.field('subject')}
            onFocus={() => (lastField.current = 'subject')}
          />
        </div>
        <div ref={bodyBox}>
          <TextAreaField
            label="Body"
            rows={12}
            required
            hint="Plain text. A blank line starts a new paragraph. Values are escaped when the email is built."
            {...form.field('body')}
            onFocus={() => (lastField.current = 'body')}
          />
        </div>
        <p className={layout.note} id={`placeholders-${template.kind}`}>
          Placeholders (inserted where the cursor was in the subject or body):
        </p>
        <ul className={styles.placeholders} aria-labelledby={`placeholders-${template.kind}`}>
          {placeholders.map((name) => (
            <li key={name}>
              <button type="button" className={styles.token} onClick={() => insert(name)}>
                {placeholderToken(name)}
              </button>
            </li>
          ))}
        </ul>
        <ConflictAlert conflict={conflict} title={CHANGED_MESSAGES.emailTemplate}>
          Your text is still in the editor. Reloading replaces it with the latest.
        </ConflictAlert>
        <FormError message={form.formError} />
        <div className={layout.actions}>
          <SubmitButton busy={saving} disabled={!dirty}>
            Save
          </SubmitButton>
          <Button variant="secondary" onClick={() => setText({ ...template.defaults })} disabled={isDefault || saving}>
            Reset to default
          </Button>
          <DiscardChanges
            dirty={dirty}
            busy={saving}
            onDiscard={() => setText({ subject: template.subject, body: template.body })}
          />
        </div>
      </form>

      <section className={styles.preview} aria-label="Preview">
        <h3>Preview with sample values {previewing ? <Spinner size={14} /> : null}</h3>
        {previewError ? <Alert tone="error">{previewError}</Alert> : null}
        {rendered ? (
          <>
            <p className={styles.previewSubject}>
              <strong>Subject:</strong> {rendered.subject}
            </p>
            {/* sandbox="" : the rendered email runs no script and cannot reach the portal's origin. */}
            <iframe className={styles.frame} title="Email preview" sandbox="" srcDoc={rendered.html} />
          </>
        ) : null}
      </section>

      <section aria-label="Send a test">
        <div className={styles.testRow}>
          {/* Tests go to the signed-in admin's own address only: the server refuses others. */}
          <TextField
            label="Send a test to"
            type="email"
            value={to}
            readOnly
            hint="Test emails go to your own address."
            error={testing.formError ?? undefined}
          />
          <Button variant="secondary" onClick={() => test()} loading={testing.busy} disabled={!to.trim()}>
            Send test
          </Button>
        </div>
      </section>
    </div>
  );
}
