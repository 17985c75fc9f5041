import { useCallback, useState } from 'react';
import type { EmailKind } from '../../../../../core/schemas/email/email';
import { Card } from '../../../components/card';
import { PageHeader } from '../../../components/page-header';
import { UnsavedChangesPrompt } from '../../../components/unsaved-changes-prompt';
import { Alert } from '../../../components/ui/alert';
import { Spinner } from '../../../components/ui/spinner';
import {
  useLabNotificationSettings,
  useUpdateLabNotificationSettings,
  useEmailTemplates,
  previewEmailTemplate,
  sendTestEmail,
  useUpdateEmailTemplate,
  EmailTemplateEditor,
  EmailTemplateList,
  LabRecipientsCard,
  emailManagementStyles as styles,
} from '../../../features/email';
import { useSession } from '../../../lib/session-context';

/**
 * /admin/email-management (spec 2, super admins): the template of each email the portal sends, edited with
 * its placeholders and a server-rendered preview, a test send, and the lab's notification recipients.
 */
export default function EmailManagementRoute() {
  const session = useSession();
  const templates = useEmailTemplates();
  const update = useUpdateEmailTemplate();
  const recipients = useLabNotificationSettings();
  const updateRecipients = useUpdateLabNotificationSettings();
  const [selected, setSelected] = useState<EmailKind | null>(null);
  const [dirty, setDirty] = useState(false);
  const onDirtyChange = useCallback((value: boolean) => setDirty(value), []);

  const items = templates.data?.items ?? [];
  const current = items.find((t) => t.kind === selected) ?? items[0] ?? null;

  const select = (kind: EmailKind) => {
    if (dirty && !window.confirm('Leave this email without saving your changes?')) return;
    setDirty(false);
    setSelected(kind);
  };

  return (
    <>
      <PageHeader
        title="Email Management"
        description="The emails the portal sends, and who at the lab hears of new orders."
      />
      <UnsavedChangesPrompt when={dirty} />
      {templates.isPending ? (
        <Spinner label="Loading email templates" />
      ) : templates.isError ? (
        <Alert tone="error">The email templates could not be loaded. Reload the page to try again.</Alert>
      ) : (
        <div className={styles.layout}>
          <Card title="Emails">
            <EmailTemplateList templates={items} selected={current?.kind ?? null} onSelect={select} />
          </Card>
          {current ? (
            <Card>
              <EmailTemplateEditor
                key={`${current.kind}:${current.version}`}
                template={current}
                testAddress={session.user?.email ?? ''}
                onSave={(input) => update.mutateAsync(input)}
                onReload={() => templates.refetch()}
                preview={previewEmailTemplate}
                sendTest={sendTestEmail}
                onDirtyChange={onDirtyChange}
              />
            </Card>
          ) : null}
        </div>
      )}
      <div className={styles.recipients}>
        {recipients.isPending ? (
          <Spinner label="Loading lab recipients" />
        ) : recipients.isError ? (
          <Alert tone="error">The lab recipients could not be loaded.</Alert>
        ) : (
          <LabRecipientsCard
            key={recipients.data.version}
            settings={recipients.data}
            onSave={(input) => updateRecipients.mutateAsync(input)}
            onReload={() => recipients.refetch()}
          />
        )}
      </div>
    </>
  );
}
