/** The super admins' Webhooks page (/admin/webhooks). */
export { WebhooksPage } from './components/webhooks-page';
