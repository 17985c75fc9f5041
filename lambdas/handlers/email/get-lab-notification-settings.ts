import { ROUTES } from '../../../core/routes';
import { dynamoEmailTemplates } from '../../adapters/dynamo-email-templates';
import { createHandler } from '../../http/create-handler';
import { getLabNotificationSettings } from '../../use-cases/email-management';

const templates = dynamoEmailTemplates();

export const handler = createHandler(ROUTES.getLabNotificationSettings, () =>
  getLabNotificationSettings({ templates }),
);
