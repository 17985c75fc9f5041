import { aborted, notFound } from '../../../core/errors';
import { ACCOUNT_REQUEST_MESSAGES, type AccountRequest } from '../../../core/schemas/account-requests';
import type { Identity } from '../../auth/verify-token';
import { accountRequestRejectedValues, templateOrDefault } from '../../email/account-email-values';
import { templateEmail } from '../../email/render-template';
import { emailNoticeIfSafe } from '../../email/email-notice';
import type { Logger } from '../../ports/logger';
import type { AccountRequestsRepository } from '../../ports/account-requests-repository';
import type { AuditTrail } from '../../ports/audit-log';
import type { EmailTemplates } from '../../ports/email-templates';
import { isWriteConflict } from '../../ports/write-conflict';
import type { Clock } from '../../kernel/clock';

/**
 * `rejectAccountRequest` (super admins): a pending request becomes rejected with the reason, which the
 * customer is emailed and sees through getMyAccountRequest. The email (the Email Management template
 * `account-request-rejected`) is stored with the decision; `emailSent` says this call queued it. Rejecting
 * again changes and queues nothing; an approved request cannot be rejected.
 */
export async function rejectAccountRequest(
  caller: Identity,
  input: { requestId: string; reason: string },
  deps: {
    requests: Pick<AccountRequestsRepository, 'get' | 'decide'>;
    templates: Pick<EmailTemplates, 'get'>;
    now: Clock['now'];
    log: Logger;
    audit?: AuditTrail;
  },
): Promise<{ request: AccountRequest; emailSent: boolean }> {
  const request = await deps.requests.get(input.requestId);
  if (!request) throw notFound(ACCOUNT_REQUEST_MESSAGES.notFound);
  if (request.status === 'rejected') return { request, emailSent: false };
  if (request.status === 'approved') throw aborted(ACCOUNT_REQUEST_MESSAGES.alreadyDecided);
  const template = await templateOrDefault(deps.templates, 'account-request-rejected', deps.log);
  const values = accountRequestRejectedValues({ practiceName: request.practiceName, reason: input.reason });
  const email = emailNoticeIfSafe(deps, { requestId: request.requestId, kind: 'account-request-rejected' }, () =>
    templateEmail(request.userEmail, template, values),
  );
  let decided: AccountRequest;
  try {
    decided = await deps.requests.decide(
      request.requestId,
      {
        status: 'rejected',
        rejectionReason: input.reason,
        decidedAt: deps.now().toISOString(),
        decidedBy: caller.email,
      },
      email,
    );
  } catch (error) {
    if (isWriteConflict(error)) throw aborted(ACCOUNT_REQUEST_MESSAGES.alreadyDecided);
    throw error;
  }
  await deps.audit?.recordChange({
    action: 'account-request.reject',
    target: { type: 'account-request', id: request.requestId },
    before: { status: request.status, userEmail: request.userEmail },
    after: { status: decided.status, userEmail: request.userEmail, rejectionReason: input.reason },
    keep: ['userEmail'],
  });
  return { request: decided, emailSent: email.length > 0 };
}
