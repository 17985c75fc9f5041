/** Email Management: the templates, their preview and test send, and who at the lab is notified. */
export { useEmailTemplates } from './api/list-email-templates';
export { useUpdateEmailTemplate } from './api/update-email-template';
export { previewEmailTemplate } from './api/preview-email-template';
export { sendTestEmail } from './api/send-test-email';
export { useLabNotificationSettings, useUpdateLabNotificationSettings } from './api/lab-notification-settings';
export { EmailTemplateList } from './components/email-template-list';
export { EmailTemplateEditor } from './components/email-template-editor';
export { LabRecipientsCard } from './components/lab-recipients-card';
export { default as emailManagementStyles } from './components/email-management.module.css';
