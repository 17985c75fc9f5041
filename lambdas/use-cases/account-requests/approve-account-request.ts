import { aborted, AppError, invalidArgument, notFound } from '../../../core/errors';
import {
  ACCOUNT_REQUEST_MESSAGES,
  existingPracticeMessage,
  type AccountRequest,
} from '../../../core/schemas/account-requests';
import type { CustomerDetail } from '../../../core/schemas/customers/customer-admin';
import type { Identity } from '../../auth/verify-token';
import {
  accountRequestApprovedValues,
  practiceUserLinkedValues,
  templateOrDefault,
} from '../../email/account-email-values';
import { templateEmail } from '../../email/render-template';
import { emailNoticeIfSafe } from '../../email/email-notice';
import type { Logger } from '../../ports/logger';
import type { AccountLinks } from '../../ports/account-links';
import type { AccountRequestsRepository } from '../../ports/account-requests-repository';
import type { AuditTrail } from '../../ports/audit-log';
import type { CustomersRepository } from '../../ports/customers-repository';
import type { EmailTemplates } from '../../ports/email-templates';
import type { UsersRepository } from '../../ports/users-repository';
import { isWriteConflict, writeConflict } from '../../ports/write-conflict';
import { retryAtOnce } from '../../kernel/retry';
import {
  accountsOf,
  isLinked,
  joiningRoles,
  linkWriteError,
  rolesWithLink,
  withMainAccount,
  type Accounts,
} from '../customers';
import type { Clock } from '../../kernel/clock';
import type { OutboxMessage } from '../../kernel/outbox';

export interface ApproveAccountRequestDeps extends Pick<Clock, 'now'> {
  requests: Pick<AccountRequestsRepository, 'get' | 'decide'>;
  customers: Pick<CustomersRepository, 'get' | 'create' | 'linkedUserIds'>;
  users: Pick<UsersRepository, 'get' | 'batchGet'>;
  links: AccountLinks;
  /** The `account-request-approved` and `practice-user-linked` templates (Email Management). */
  templates: Pick<EmailTemplates, 'get'>;
  portalUrl: string | null;
  log: Logger;
  /** The request's audit trail (`ctx.audit`). */
  audit?: AuditTrail;
}

/**
 * A users record changed by someone else while linking is re-read and linked again, three times at most; the
 * last refusal is answered like any other (linkWriteError).
 */
const LINKING = {
  attempts: 3,
  retries: (error: unknown) => isWriteConflict(error, 'changed'),
  exhausted: () => writeConflict('changed'),
};

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
 * the number is new, link the user with it as their main account, mark the request approved with the
 * customer's email (stored with the decision; `emailSent` says this call queued it). Every step checks before
 * it writes (practice exists? already linked? already approved with this number?), so a call that failed
 * half-way can simply be made again and finishes the job without doing anything twice. After it, the
 * customer's getCustomerInfo answers the account.
 *
 * A practice that already exists (the customer's `existingAccountNumber`, a number the lab typed, or one this
 * approval created before failing half-way) is linked only with `linkToExisting` confirming its number (409
 * otherwise); its other users' emails are stored with the link and the link is logged for the audit trail.
 */
export async function approveAccountRequest(
  caller: Identity,
  input: {
    requestId: string;
    accountNumber?: string | undefined;
    linkToExisting?: { accountNumber: string; confirm: true } | undefined;
  },
  deps: ApproveAccountRequestDeps,
): Promise<{ request: AccountRequest; practiceCreated: boolean; linkedToExisting: boolean; emailSent: boolean }> {
  const request = await deps.requests.get(input.requestId);
  if (!request) throw notFound(ACCOUNT_REQUEST_MESSAGES.notFound);
  if (request.status === 'rejected') throw aborted(ACCOUNT_REQUEST_MESSAGES.alreadyDecided);
  const confirmed = input.linkToExisting;
  const accountNumber =
    input.accountNumber ?? confirmed?.accountNumber ?? request.accountNumber ?? request.existingAccountNumber;
  if (!accountNumber)
    throw invalidArgument(ACCOUNT_REQUEST_MESSAGES.needsAccountNumber, {
      accountNumber: [ACCOUNT_REQUEST_MESSAGES.needsAccountNumber],
    });
  if (confirmed && confirmed.accountNumber !== accountNumber)
    throw invalidArgument(ACCOUNT_REQUEST_MESSAGES.linkMismatch, {
      linkToExisting: [ACCOUNT_REQUEST_MESSAGES.linkMismatch],
    });
  if (request.status === 'approved' && request.accountNumber !== accountNumber)
    throw aborted(ACCOUNT_REQUEST_MESSAGES.alreadyDecided);

  // A request naming someone else's account number must not take over that practice with one
  // click. Onto an existing practice only with the separate confirmation; none is needed when the requester
  // already has access to it (a retry of this approval after its link was written, or after it was approved).
  const existing = await deps.customers.get(accountNumber);
  if (existing && !confirmed && request.status !== 'approved' && !(await requesterLinked(request, accountNumber, deps)))
    throw needsConfirmation(accountNumber, existing.company);
  if (!existing && confirmed) throw aborted(ACCOUNT_REQUEST_MESSAGES.practiceGone);
  const practiceUsers = existing ? await otherPracticeUsers(accountNumber, request.userId, deps) : [];
  const practiceCreated = existing ? false : await createPractice(request, accountNumber, deps);
  const toldOfLink = existing
    ? await practiceUserNotices(practiceUsers, { request, accountNumber, company: existing.company }, deps)
    : [];
  const link = await linkAsMain(request.userId, accountNumber, deps, toldOfLink);

  let decided = request;
  let transitioned = false;
  let emailSent = false;
  if (request.status === 'pending') {
    const template = await templateOrDefault(deps.templates, 'account-request-approved', deps.log);
    const values = accountRequestApprovedValues({
      practiceName: request.practiceName,
      accountNumber,
      portalUrl: deps.portalUrl,
    });
    const email = emailNoticeIfSafe(deps, { requestId: request.requestId, kind: 'account-request-approved' }, () =>
      templateEmail(request.userEmail, template, values),
    );
    try {
      decided = await deps.requests.decide(
        request.requestId,
        { status: 'approved', accountNumber, decidedAt: deps.now().toISOString(), decidedBy: caller.email },
        email,
      );
      transitioned = true;
      emailSent = email.length > 0;
    } catch (error) {
      if (!isWriteConflict(error)) throw error;
      // Someone decided it meanwhile: fine if it is this same approval, a conflict otherwise.
      const now = await deps.requests.get(request.requestId);
      if (now?.status !== 'approved' || now.accountNumber !== accountNumber)
        throw aborted(ACCOUNT_REQUEST_MESSAGES.alreadyDecided);
      decided = now;
    }
  }

  if (transitioned || link) {
    // The audit trail: who gave whom access to which practice, and (onto an existing one) who was there already.
    const existingUserIds = practiceUsers.map((u) => u.userId);
    await deps.audit?.recordChange({
      action: 'account-request.approve',
      target: { type: 'account-request', id: request.requestId },
      accountNumber,
      before: {
        status: request.status,
        userEmail: request.userEmail,
        userAccounts: link?.before ?? null,
        ...(existing ? { practiceUserIds: existingUserIds } : {}),
      },
      after: {
        status: decided.status,
        userEmail: request.userEmail,
        accountNumber,
        practiceCreated,
        linkedToExisting: Boolean(existing && confirmed),
        userAccounts: link?.after ?? null,
        ...(existing ? { practiceUserIds: [...existingUserIds, request.userId] } : {}),
      },
      keep: ['userEmail'],
    });
  }

  return {
    request: decided,
    practiceCreated,
    linkedToExisting: Boolean(existing && confirmed),
    emailSent,
  };
}

/** Creates the practice from the request; one created meanwhile by someone else is not linked unconfirmed. */
async function createPractice(request: AccountRequest, accountNumber: string, deps: ApproveAccountRequestDeps) {
  try {
    await deps.customers.create(practiceFromRequest(request, accountNumber));
    return true;
  } catch (error) {
    if (!isWriteConflict(error, 'exists')) throw error;
    const now = await deps.customers.get(accountNumber);
    throw needsConfirmation(accountNumber, now?.company ?? accountNumber);
  }
}

/**
 * 409 for an existing practice without the confirmation. The `linkToExisting` field error tells the approve
 * dialog that the practice exists, so it loads it (getCustomer) and asks for the confirmation.
 */
function needsConfirmation(accountNumber: string, company: string): AppError {
  const message = existingPracticeMessage(accountNumber, company);
  return new AppError('aborted', message, { fieldErrors: { linkToExisting: [message] } });
}

async function requesterLinked(request: AccountRequest, accountNumber: string, deps: ApproveAccountRequestDeps) {
  const user = await deps.users.get(request.userId);
  return user ? isLinked(accountsOf(user), accountNumber) : false;
}

/** The practice's users other than the requester, read before the link (they are told about it). */
async function otherPracticeUsers(accountNumber: string, requesterId: string, deps: ApproveAccountRequestDeps) {
  const ids = (await deps.customers.linkedUserIds(accountNumber)).filter((id) => id !== requesterId);
  const users = ids.length ? await deps.users.batchGet(ids) : [];
  return users.filter((u) => isLinked(accountsOf(u), accountNumber)).map((u) => ({ userId: u.userId, email: u.email }));
}

/**
 * An email to each existing user of the practice that someone was linked to it (`practice-user-linked`), so a
 * mistaken or malicious approval does not go unnoticed; stored with the link as one notice sent to each user
 * separately, so the link's transaction holds one item however many users the practice has.
 */
async function practiceUserNotices(
  users: { userId: string; email: string }[],
  facts: { request: AccountRequest; accountNumber: string; company: string },
  deps: ApproveAccountRequestDeps,
): Promise<OutboxMessage[]> {
  if (users.length === 0) return [];
  const template = await templateOrDefault(deps.templates, 'practice-user-linked', deps.log);
  const values = practiceUserLinkedValues({
    company: facts.company,
    accountNumber: facts.accountNumber,
    linkedUserEmail: facts.request.userEmail,
    contactName: facts.request.contactName,
    portalUrl: deps.portalUrl,
  });
  return emailNoticeIfSafe(
    deps,
    { requestId: facts.request.requestId, accountNumber: facts.accountNumber },
    () =>
      templateEmail(
        users.map((user) => user.email),
        template,
        values,
      ),
    { separately: true },
  );
}

/**
 * Makes the account the user's main one, with `notices` (stored only if this call links it); answers the
 * accounts before and after, or null when already so.
 */
async function linkAsMain(
  userId: string,
  accountNumber: string,
  deps: ApproveAccountRequestDeps,
  notices: readonly OutboxMessage[],
): Promise<{ before: Accounts; after: Accounts } | null> {
  try {
    return await retryAtOnce(LINKING, async () => {
      const user = await deps.users.get(userId);
      if (!user) throw aborted(ACCOUNT_REQUEST_MESSAGES.userGone);
      const before = accountsOf(user);
      if (before.accountNumber === accountNumber) return null;
      const after = withMainAccount(before, accountNumber);
      const roles = await joiningRoles(accountNumber, userId, deps);
      await deps.links.apply(
        {
          userId,
          expectedVersion: user.version,
          ...after,
          practiceRoles: rolesWithLink(user, accountNumber, roles),
          linked: accountNumber,
        },
        notices,
      );
      return { before, after };
    });
  } catch (error) {
    linkWriteError(error);
  }
}
