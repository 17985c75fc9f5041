import { ROUTES } from '../../../core/routes';
import { createHandler } from '../../http/create-handler';
import { previewEmailTemplate } from '../../use-cases/email-management';

export const handler = createHandler(ROUTES.previewEmailTemplate, async (input) => previewEmailTemplate(input));
