import { portalUrl as envPortalUrl } from '../email/email-config';
import { templateMailing, type TemplateMailingDeps } from '../email/template-mailing';
import { createLogger } from '../http/logger';
import type { Logger } from '../ports/logger';
import { dynamoEmailTemplates } from './dynamo-email-templates';
import { sesEmailSender } from './ses-email-sender';

/**
 * What every templated notifier (order, money, consult emails) starts from: its logger, its adapters made on
 * first use (a route that never emails never needs their tables), the portal's address and the mailing.
 * `lookups` makes the notifier's own readers (the practice, its users, the lenses) where tests gave none.
 */
export function templateNotifierBase<D extends TemplateMailingDeps>(
  topic: 'order' | 'money' | 'consult',
  deps: Partial<D> & { log?: Logger | undefined; portalUrl?: string | null | undefined },
  lookups: () => Omit<D, keyof TemplateMailingDeps>,
) {
  const log = deps.log ?? createLogger({ component: `${topic}-notifier` });
  let made: D | undefined;
  const resolved = (): D =>
    (made ??= {
      templates: deps.templates ?? dynamoEmailTemplates(),
      mailer: deps.mailer ?? sesEmailSender(),
      ...lookups(),
    } as D);
  const portal = deps.portalUrl !== undefined ? deps.portalUrl : envPortalUrl();
  return { log, resolved, portal, mailing: templateMailing(`${topic} email`, resolved, log) };
}
