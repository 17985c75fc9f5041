import { aborted, invalidArgument, notFound } from '../../core/errors';
import { ACCOUNT_REQUEST_MESSAGES, type AccountRequest } from '../../core/schemas/account-request';
import type { CustomerDetail } from '../../core/schemas/customer-admin';
import type { Identity } from '../auth/verify-token';
import { accountRequestApprovedValues, templateOrDefault } from '../email/account-email-values';
import { templateEmail } from '../email/render-template';
import type { Logger } from '../http/logger';
import type { AccountLinks } from '../ports/account-links';
import type { AccountRequestsRepository } from '../ports/account-requests-repository';
import type { CustomersRepository } from '../ports/customers-repository';
import type { EmailSender } from '../ports/email-sender';
import type { EmailTemplates } from '../ports/email-templates';
import type { UsersRepository } from '../ports/users-repository';
import { isWriteConflict } from '../ports/write-conflict';
import { accountsOf, withMainAccount } from './account-link-rules';
import { linkWriteError } from './customer-errors';
import { describeError } from './directory-failure';

export interface ApproveAccountRequestDeps {
  requests: Pick<AccountRequestsRepository, 'get' | 'decide'>;
  customers: Pick<CustomersRepository, 'get' | 'create'>;
  users: Pick<UsersRepository, 'get'>;
  links: AccountLinks;
  mailer: EmailSender;
  /** The `account-request-approved` template (Email Management). */
  templates: Pick<EmailTemplates, 'get'>;
  portalUrl: string | null;
  now: () => Date;
  log: Logger;
}

/** A users record changed by someone else while linking is re-read and linked again, this many times. */
const LINK_ATTEMPTS = 3;

/** The practice an approval creates when the account number is new: the request's own details. */
export function practiceFromRequest(request: AccountRequest, accountNumber: string): CustomerDetail {
  return {
    accountNumber,
    company: request.practiceName,
    phone: request.phone,
    faxNumber: request.fax,
    shippingAddress: request.address,
    pricingAllowed: false,
    buyingGroupId: request.buyingGroupId,
    status: 'active',
    additionalAccounts: [],
    version: 0,
  };
}

/**
 * `approveAccountRequest` (super admins): assign (or confirm) the account number, create the practice if
 * the number is new, link the user with it as their main account, mark the request approved, email the
 * customer. Every step checks before it writes (practice exists? already linked? already approved with
 * this number?), so a call that failed half-way can simply be made again and finishes the job without
 * doing anything twice. After it, the customer's getCustomerInfo answers the account.
 */
export async function approveAccountRequest(
  caller: Identity,
  input: { requestId: string; accountNumber?: string | undefined },
  deps: ApproveAccountRequestDeps,
): Promise<{ request: AccountRequest; practiceCreated: boolean; emailSent: boolean }> {
  const request = await deps.requests.get(input.requestId);
  if (!request) throw notFound(ACCOUNT_REQUEST_MESSAGES.notFound);
  if (request.status === 'rejected') throw aborted(ACCOUNT_REQUEST_MESSAGES.alreadyDecided);
  const accountNumber = input.accountNumber ?? request.accountNumber ?? request.existingAccountNumber;
  if (!accountNumber)
    throw invalidArgument(ACCOUNT_REQUEST_MESSAGES.needsAccountNumber, {
      accountNumber: [ACCOUNT_REQUEST_MESSAGES.needsAccountNumber],
    });
  if (request.status === 'approved' && request.accountNumber !== accountNumber)
    throw aborted(ACCOUNT_REQUEST_MESSAGES.alreadyDecided);

  const practiceCreated = await ensurePractice(request, accountNumber, deps);
  await linkAsMain(request.userId, accountNumber, deps);

  let decided = request;
  let transitioned = false;
  if (request.status === 'pending') {
    try {
      decided = await deps.requests.decide(request.requestId, {
        status: 'approved',
        accountNumber,
        decidedAt: deps.now().toISOString(),
        decidedBy: caller.email,
      });
      transitioned = true;
    } catch (error) {
      if (!isWriteConflict(error)) throw error;
      // Someone decided it meanwhile: fine if it is this same approval, a conflict otherwise.
      const now = await deps.requests.get(request.requestId);
      if (now?.status !== 'approved' || now.accountNumber !== accountNumber)
        throw aborted(ACCOUNT_REQUEST_MESSAGES.alreadyDecided);
      decided = now;
    }
  }

  let emailSent = false;
  if (transitioned) {
    try {
      const template = await templateOrDefault(deps.templates, 'account-request-approved', deps.log);
      const values = accountRequestApprovedValues({
        practiceName: request.practiceName,
        accountNumber,
        portalUrl: deps.portalUrl,
      });
      await deps.mailer.send(templateEmail(request.userEmail, template, values));
      emailSent = true;
    } catch (error) {
      deps.log.warn('approveAccountRequest: customer email failed', {
        requestId: request.requestId,
        error: describeError(error),
      });
    }
  }
  return { request: decided, practiceCreated, emailSent };
}

async function ensurePractice(request: AccountRequest, accountNumber: string, deps: ApproveAccountRequestDeps) {
  if (await deps.customers.get(accountNumber)) return false;
  try {
    await deps.customers.create(practiceFromRequest(request, accountNumber));
    return true;
  } catch (error) {
    if (isWriteConflict(error, 'exists')) return false; // created a moment ago (a parallel retry)
    throw error;
  }
}

async function linkAsMain(userId: string, accountNumber: string, deps: ApproveAccountRequestDeps) {
  for (let attempt = 1; ; attempt++) {
    const user = await deps.users.get(userId);
    if (!user) throw aborted(ACCOUNT_REQUEST_MESSAGES.userGone);
    const before = accountsOf(user);
    if (before.accountNumber === accountNumber) return;
    try {
      await deps.links.apply({
        userId,
        expectedVersion: user.version,
        ...withMainAccount(before, accountNumber),
        linked: accountNumber,
      });
      return;
    } catch (error) {
      if (isWriteConflict(error, 'changed') && attempt < LINK_ATTEMPTS) continue;
      linkWriteError(error);
    }
  }
}
