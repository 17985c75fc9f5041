import { aborted, notFound, permissionDenied } from '../../../core/errors';
import type {
  CreditApproval,
  CreditSettings,
  decideCreditApprovalInputSchema,
  updateCreditSettingsInputSchema,
} from '../../../core/schemas/credit';
import type * as z from '../../../core/zod';
import type { Identity } from '../../auth/verify-token';
import { moneyNotice } from '../../ports/money-notifier';
import { moneyRetry, type Page } from '../../ports/money-store';
import { actorOf } from '../../kernel/caller';
import { creditChange } from './credit-moves';

import { retryOnRefusal } from '../../kernel/retry';
import type { CreditDeps } from './credit-deps';

/**
 * Goodwill and overpayment credit above the lab's threshold waits for a second super admin
 * (docs/decisions/0092-large-credit-needs-a-second-super-admin.md): the first grants, another approves or rejects,
 * and only an approval puts it in the account's ledger, under the same entry id.
 */

export const APPROVAL_NOT_FOUND = 'Credit approval not found';
export const OWN_APPROVAL = 'A second super admin must decide this credit: the person who granted it cannot.';
export const APPROVAL_DECIDED = 'This credit was already decided by another super admin. Reload to see it.';
export const APPROVAL_CHANGED = 'This credit changed since you opened it. Reload and decide again.';
export const SETTINGS_CHANGED = 'Another super admin changed the settings meanwhile. Reload and save again.';

/** True when credit of this amount needs a second super admin (strictly above the threshold). */
export function needsSecondApproval(amountCents: number, settings: Pick<CreditSettings, 'approvalThresholdCents'>) {
  return amountCents > settings.approvalThresholdCents;
}

/** A new pending approval, as the first person grants it. */
export function pendingApproval(
  fields: Pick<CreditApproval, 'entryId' | 'accountNumber' | 'reason' | 'amountCents' | 'note' | 'requestedBy'> &
    Partial<Pick<CreditApproval, 'invoiceNumber'>>,
  at: string,
): CreditApproval {
  return { ...fields, status: 'pending', requestedAt: at, version: 0 };
}

/** `listCreditApprovals` (super admins): what waits for a second super admin, oldest first. */
export function listCreditApprovals(
  input: { limit: number; cursor?: string | undefined },
  deps: Pick<CreditDeps, 'money'>,
): Promise<Page<CreditApproval>> {
  return deps.money.listPendingCreditApprovals(input.limit, input.cursor);
}

/**
 * `decideCreditApproval` (super admins other than the one who granted it): approving writes the grant to the
 * ledger with the approval, in one transaction; rejecting records why and credits nothing. Deciding again the
 * way it was decided answers the decision (a retry).
 */
export async function decideCreditApproval(
  caller: Identity,
  input: z.output<typeof decideCreditApprovalInputSchema>,
  deps: Pick<CreditDeps, 'money' | 'users' | 'now' | 'sleep' | 'audit'>,
): Promise<CreditApproval> {
  const first = await deps.money.getCreditApproval(input.entryId);
  if (!first) throw notFound(APPROVAL_NOT_FOUND);
  if (first.requestedBy.userId === caller.userId) throw permissionDenied(OWN_APPROVAL);
  const status = input.decision === 'approve' ? 'approved' : 'rejected';
  const by = await actorOf(caller, deps);

  const { approval, fresh } = await retryOnRefusal(deps, moneyRetry(), async (attempt) => {
    const current = attempt === 0 ? first : await deps.money.getCreditApproval(input.entryId);
    if (!current) throw notFound(APPROVAL_NOT_FOUND);
    if (current.status !== 'pending') {
      if (current.status === status && current.decidedBy?.userId === caller.userId)
        return { approval: current, fresh: false };
      throw aborted(APPROVAL_DECIDED);
    }
    if (current.version !== input.version) throw aborted(APPROVAL_CHANGED);
    const at = deps.now().toISOString();
    const decided: CreditApproval = {
      ...current,
      status,
      decidedBy: by,
      decidedAt: at,
      ...(input.decision === 'reject' ? { decisionReason: input.reason } : {}),
      version: current.version + 1,
    };
    const credit =
      status === 'approved'
        ? [
            creditChange(await deps.money.getCreditBalance(current.accountNumber), [
              {
                kind: 'grant',
                amountCents: current.amountCents,
                fields: {
                  entryId: current.entryId,
                  at,
                  reason: current.reason,
                  note: current.note,
                  by: current.requestedBy,
                  ...(current.invoiceNumber ? { invoiceNumber: current.invoiceNumber } : {}),
                },
              },
            ]),
          ]
        : [];
    const granted = credit[0]?.entries[0];
    // As under the threshold: a goodwill grant is emailed to every user linked to the account (`to: []`), an
    // overpayment's credit is not.
    const notices =
      granted && current.reason === 'goodwill'
        ? [moneyNotice(deps, { kind: 'credit-granted', entry: granted, to: [] })]
        : [];
    await deps.money.commit({ approval: { approval: decided, expectedVersion: current.version }, credit, notices });
    return { approval: decided, fresh: true };
  });
  if (!fresh) return approval;
  await deps.audit?.recordChange({
    action: status === 'approved' ? 'credit.approve' : 'credit.reject',
    target: { type: 'credit', id: approval.entryId },
    accountNumber: approval.accountNumber,
    before: { status: 'pending', amountCents: approval.amountCents, requestedBy: approval.requestedBy.userId },
    after: {
      status,
      amountCents: approval.amountCents,
      ...(approval.decisionReason ? { reason: approval.decisionReason } : {}),
    },
  });
  return approval;
}

/** `getCreditSettings` (billing staff and super admins): the threshold the goodwill dialog states. */
export function getCreditSettings(deps: Pick<CreditDeps, 'creditSettings'>): Promise<CreditSettings> {
  return deps.creditSettings.get();
}

/** `updateCreditSettings` (super admins): conditional on the version the page read. */
export async function updateCreditSettings(
  input: z.output<typeof updateCreditSettingsInputSchema>,
  deps: Pick<CreditDeps, 'creditSettings' | 'audit'>,
): Promise<CreditSettings> {
  const before = await deps.creditSettings.get();
  const next: CreditSettings = { approvalThresholdCents: input.approvalThresholdCents, version: input.version };
  if (before.version !== input.version || !(await deps.creditSettings.put(next, input.version)))
    throw aborted(SETTINGS_CHANGED);
  await deps.audit?.recordChange({
    action: 'credit-settings.update',
    target: { type: 'credit-settings', id: 'creditApproval' },
    before: { approvalThresholdCents: before.approvalThresholdCents },
    after: { approvalThresholdCents: input.approvalThresholdCents },
  });
  return { ...next, version: input.version + 1 };
}
