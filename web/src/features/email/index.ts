export { useLabNotificationSettings, useUpdateLabNotificationSettings } from './api/lab-notification-settings';
export { useEmailTemplates } from './api/list-email-templates';
export { previewEmailTemplate } from './api/preview-email-template';
export { sendTestEmail } from './api/send-test-email';
export { useUpdateEmailTemplate } from './api/update-email-template';
export { EmailTemplateEditor } from './components/email-template-editor';
export { EmailTemplateList } from './components/email-template-list';
export { LabRecipientsCard } from './components/lab-recipients-card';
