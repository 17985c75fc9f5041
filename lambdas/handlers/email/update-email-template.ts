import { emailRoutes } from '../../../core/routes/email';
import { dynamoEmailTemplates } from '../../adapters/dynamo-email-templates';
import { createHandler } from '../../http/create-handler';
import { updateEmailTemplate } from '../../use-cases/email/email-management';
import { systemClock } from '../../kernel/clock';

const templates = dynamoEmailTemplates();

export const handler = createHandler(emailRoutes.updateEmailTemplate, (input, ctx) =>
  updateEmailTemplate(input, { templates, now: systemClock.now, audit: ctx.audit }),
);
