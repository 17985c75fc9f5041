import type * as z from '../../../core/zod';
import { aborted, permissionDenied } from '../../../core/errors';
import {
  ACCOUNT_REQUEST_MESSAGES,
  type AccountRequest,
  type accountRequestFormSchema,
  type SubmitAccountRequestOutput,
} from '../../../core/schemas/account-requests';
import type { Identity } from '../../auth/verify-token';
import { accountRequestReceivedValues, templateOrDefault } from '../../email/account-email-values';
import { templateEmail } from '../../email/render-template';
import { emailNoticeIfSafe } from '../../email/email-notice';
import type { Logger } from '../../ports/logger';
import type { AccountRequestsRepository } from '../../ports/account-requests-repository';
import type { EmailTemplates } from '../../ports/email-templates';
import type { ReferenceDataRepository } from '../../ports/reference-data-repository';
import type { UsersRepository } from '../../ports/users-repository';
import { requireKnownBuyingGroup } from '../customers';
import { describeError } from '../../../core/describe-error';
import { linkedAccounts } from '../../kernel/caller';
import type { Clock } from '../../kernel/clock';
import type { OutboxMessage } from '../../kernel/outbox';

export interface SubmitAccountRequestDeps extends Pick<Clock, 'now'> {
  users: Pick<UsersRepository, 'get'>;
  requests: Pick<AccountRequestsRepository, 'createOpen'>;
  referenceData: Pick<ReferenceDataRepository, 'listBuyingGroups'>;
  /** The `account-request-received` template and the lab's notification recipients (Email Management). */
  templates: Pick<EmailTemplates, 'get' | 'labRecipients'>;
  /** The env default (LAB_NOTIFICATIONS_EMAIL, else EMAIL_FROM), used when the saved recipients cannot be read. */
  labAddress: () => string;
  portalUrl: string | null;
  log: Logger;
}

/**
 * spec 2 /auth/request, spec 7 `POST customer`: a verified customer without an account number asks for
 * one. The caller's user id is the request id (the idempotency key): submitting twice, or from two tabs
 * at once, stores one request and answers it both times (`created` false the second time); only a
 * rejected request may be replaced by a new one. The lab's notice is stored with the request, only when it is
 * stored: the `account-request-received` template, an email to each of the lab's notification recipients.
 */
export async function submitAccountRequest(
  caller: Identity,
  form: z.output<typeof accountRequestFormSchema>,
  deps: SubmitAccountRequestDeps,
): Promise<SubmitAccountRequestOutput> {
  if (!caller.emailVerified) throw permissionDenied(ACCOUNT_REQUEST_MESSAGES.emailNotVerified);
  if (linkedAccounts(await deps.users.get(caller.userId)).length > 0)
    throw aborted(ACCOUNT_REQUEST_MESSAGES.alreadyLinked);
  const buyingGroup = await requireKnownBuyingGroup(form.buyingGroupId, deps.referenceData);

  const at = deps.now().toISOString();
  const request: AccountRequest = {
    ...form,
    fax: form.fax || undefined,
    requestId: caller.userId,
    userId: caller.userId,
    userEmail: caller.email,
    status: 'pending',
    createdAt: at,
    updatedAt: at,
  };
  return deps.requests.createOpen(request, await labNotices(request, buyingGroup.name, deps));
}

/**
 * An email of its own to each of the lab's recipients; when the saved recipients cannot be read, the default
 * address gets it (logged).
 */
async function labNotices(
  request: AccountRequest,
  buyingGroupName: string,
  deps: SubmitAccountRequestDeps,
): Promise<OutboxMessage[]> {
  let recipients: string[];
  try {
    recipients = (await deps.templates.labRecipients()).recipients;
  } catch (error) {
    deps.log.warn('submitAccountRequest: lab recipients unavailable, the default address is used', {
      requestId: request.requestId,
      error: describeError(error),
    });
    recipients = [];
  }
  if (recipients.length === 0) recipients = [deps.labAddress()];
  const template = await templateOrDefault(deps.templates, 'account-request-received', deps.log);
  const values = accountRequestReceivedValues(request, { buyingGroupName, portalUrl: deps.portalUrl });
  return [...new Set(recipients.map((r) => r.toLowerCase()))].flatMap((to) =>
    emailNoticeIfSafe(deps, { requestId: request.requestId, kind: 'account-request-received' }, () =>
      templateEmail(to, template, values),
    ),
  );
}
