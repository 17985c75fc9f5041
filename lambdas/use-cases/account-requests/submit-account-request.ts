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
import type { Logger } from '../../ports/logger';
import type { AccountRequestsRepository } from '../../ports/account-requests-repository';
import type { EmailSender } from '../../ports/email-sender';
import type { EmailTemplates } from '../../ports/email-templates';
import type { ReferenceDataRepository } from '../../ports/reference-data-repository';
import type { UsersRepository } from '../../ports/users-repository';
import { requireKnownBuyingGroup } from '../customers';
import { describeError } from '../../../core/describe-error';
import { linkedAccounts } from '../../kernel/caller';
import type { Clock } from '../../kernel/clock';
import { sendBestEffort } from '../../kernel/notify';

export interface SubmitAccountRequestDeps extends Pick<Clock, 'now'> {
  users: Pick<UsersRepository, 'get'>;
  requests: Pick<AccountRequestsRepository, 'createOpen'>;
  referenceData: Pick<ReferenceDataRepository, 'listBuyingGroups'>;
  mailer: EmailSender;
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
 * rejected request may be replaced by a new one. The lab is emailed once, when the request is stored: the
 * `account-request-received` template, to each of the lab's notification recipients.
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
  const stored = await deps.requests.createOpen(request);
  if (stored.created) await notifyLab(stored.request, buyingGroup.name, deps);
  return stored;
}

/** Best effort (spec 8): each recipient gets a message of their own, and any failure is logged, not thrown. */
async function notifyLab(request: AccountRequest, buyingGroupName: string, deps: SubmitAccountRequestDeps) {
  const log = (message: string, error: unknown) =>
    deps.log.warn(`submitAccountRequest: ${message}`, { requestId: request.requestId, error: describeError(error) });
  let recipients: string[];
  try {
    recipients = (await deps.templates.labRecipients()).recipients;
  } catch (error) {
    log('lab recipients unavailable, the default address is used', error);
    recipients = [];
  }
  try {
    if (recipients.length === 0) recipients = [deps.labAddress()];
    const template = await templateOrDefault(deps.templates, 'account-request-received', deps.log);
    const values = accountRequestReceivedValues(request, { buyingGroupName, portalUrl: deps.portalUrl });
    for (const to of new Set(recipients.map((r) => r.toLowerCase()))) {
      await sendBestEffort(
        deps.log,
        'submitAccountRequest: lab notification failed',
        { requestId: request.requestId },
        () => deps.mailer.send(templateEmail(to, template, values)),
      );
    }
  } catch (error) {
    log('lab notification failed', error);
  }
}
