import type { z } from 'zod';
import { aborted, permissionDenied } from '../../core/errors';
import {
  ACCOUNT_REQUEST_MESSAGES,
  type AccountRequest,
  type accountRequestFormSchema,
  type SubmitAccountRequestOutput,
} from '../../core/schemas/account-request';
import type { Identity } from '../auth/verify-token';
import { accountRequestReceivedEmail } from '../email/account-emails';
import type { Logger } from '../http/logger';
import type { AccountRequestsRepository } from '../ports/account-requests-repository';
import type { EmailSender } from '../ports/email-sender';
import type { ReferenceDataRepository } from '../ports/reference-data-repository';
import type { UsersRepository } from '../ports/users-repository';
import { requireKnownBuyingGroup } from './buying-group-check';
import { describeError } from './directory-failure';
import { linkedAccounts } from './get-customer-info';

export interface SubmitAccountRequestDeps {
  users: Pick<UsersRepository, 'get'>;
  requests: Pick<AccountRequestsRepository, 'createOpen'>;
  referenceData: ReferenceDataRepository;
  mailer: EmailSender;
  labAddress: () => string;
  portalUrl: string | null;
  now: () => Date;
  log: Logger;
}

/**
 * spec 2 /auth/request, spec 7 `POST customer`: a verified customer without an account number asks for
 * one. The caller's user id is the request id (the idempotency key): submitting twice, or from two tabs
 * at once, stores one request and answers it both times (`created` false the second time); only a
 * rejected request may be replaced by a new one. The lab is emailed once, when the request is stored.
 */
export async function submitAccountRequest(
  caller: Identity,
  form: z.output<typeof accountRequestFormSchema>,
  deps: SubmitAccountRequestDeps,
): Promise<SubmitAccountRequestOutput> {
  if (!caller.emailVerified) throw permissionDenied(ACCOUNT_REQUEST_MESSAGES.emailNotVerified);
  if (linkedAccounts(await deps.users.get(caller.userId)).length > 0)
    throw aborted(ACCOUNT_REQUEST_MESSAGES.alreadyLinked);
  await requireKnownBuyingGroup(form.buyingGroupId, deps.referenceData);

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
  if (stored.created) {
    try {
      await deps.mailer.send(
        accountRequestReceivedEmail({ to: deps.labAddress(), request: stored.request, portalUrl: deps.portalUrl }),
      );
    } catch (error) {
      deps.log.warn('submitAccountRequest: lab notification failed', {
        requestId: request.requestId,
        error: describeError(error),
      });
    }
  }
  return stored;
}
