import { ROUTES } from '../../../core/routes';
import { dynamoEmailTemplates } from '../../adapters/dynamo-email-templates';
import { createHandler } from '../../http/create-handler';
import { listEmailTemplates } from '../../use-cases/email-management';

const templates = dynamoEmailTemplates();

export const handler = createHandler(ROUTES.listEmailTemplates, () => listEmailTemplates({ templates }));
