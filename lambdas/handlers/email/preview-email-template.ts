import { emailRoutes } from '../../../core/routes/email';
import { createHandler } from '../../http/create-handler';
import { previewEmailTemplate } from '../../use-cases/email/email-management';

export const handler = createHandler(emailRoutes.previewEmailTemplate, async (input) => previewEmailTemplate(input));
