import { WebhooksPage } from '../../../features/webhook-endpoints';

/** /admin/webhooks (super admins): outgoing webhook endpoints and their delivery logs. */
export default function WebhooksRoute() {
  return <WebhooksPage />;
}
