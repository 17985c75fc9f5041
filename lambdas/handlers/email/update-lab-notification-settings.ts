import { emailRoutes } from '../../../core/routes/email';
import { dynamoEmailTemplates } from '../../adapters/dynamo-email-templates';
import { createHandler } from '../../http/create-handler';
import { updateLabNotificationSettings } from '../../use-cases/email/email-management';
import { systemClock } from '../../kernel/clock';

const templates = dynamoEmailTemplates();

export const handler = createHandler(emailRoutes.updateLabNotificationSettings, (input, ctx) =>
  updateLabNotificationSettings(input, { templates, now: systemClock.now, audit: ctx.audit }),
);
