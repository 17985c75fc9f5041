/** Query keys of Email Management: the templates and the lab recipients. Saving either invalidates `all`. */
export const emailTemplateKeys = {
  all: ['email-templates'] as const,
  list: () => [...emailTemplateKeys.all, 'list'] as const,
  labRecipients: () => [...emailTemplateKeys.all, 'lab-recipients'] as const,
};
