import { aborted, notFound } from '../../../core/errors';
import { ACCOUNT_REQUEST_MESSAGES, type AccountRequest } from '../../../core/schemas/account-requests';
import type { Identity } from '../../auth/verify-token';
import { accountRequestRejectedValues, templateOrDefault } from '../../email/account-email-values';
import { templateEmail } from '../../email/render-template';
import type { Logger } from '../../ports/logger';
import type { AccountRequestsRepository } from '../../ports/account-requests-repository';
import type { AuditTrail } from '../../ports/audit-log';
import type { EmailSender } from '../../ports/email-sender';
import type { EmailTemplates } from '../../ports/email-templates';
import { isWriteConflict } from '../../ports/write-conflict';
import type { Clock } from '../../kernel/clock';
import { sendBestEffort } from '../../kernel/notify';

/**
 * `rejectAccountRequest` (super admins): a pending request becomes rejected with the reason, which the
 * customer is emailed and sees through getMyAccountRequest. Rejecting again changes and sends nothing; an
 * approved request cannot be rejected. The email is the Email Management template `account-request-rejected`.
 */
export async function rejectAccountRequest(
  caller: Identity,
  input: { requestId: string; reason: string },
  deps: {
    requests: Pick<AccountRequestsRepository, 'get' | 'decide'>;
    mailer: EmailSender;
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
  let decided: AccountRequest;
  try {
    decided = await deps.requests.decide(request.requestId, {
      status: 'rejected',
      rejectionReason: input.reason,
      decidedAt: deps.now().toISOString(),
      decidedBy: caller.email,
    });
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
  const emailSent = await sendBestEffort(
    deps.log,
    'rejectAccountRequest: customer email failed',
    { requestId: request.requestId },
    async () => {
      const template = await templateOrDefault(deps.templates, 'account-request-rejected', deps.log);
      const values = accountRequestRejectedValues({ practiceName: request.practiceName, reason: input.reason });
      await deps.mailer.send(templateEmail(request.userEmail, template, values));
    },
  );
  return { request: decided, emailSent };
}
