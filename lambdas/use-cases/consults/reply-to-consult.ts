import { CHANGED_MESSAGES, LENS_MESSAGES } from '../../../core/messages';
import type * as z from '../../../core/zod';
import { aborted, invalidArgument, notFound, type FieldErrors } from '../../../core/errors';
import { validateLensParameters } from '../../../core/rules/lens-parameters';
import { CONSULT_NOT_FOUND, type Consult, type replyToConsultInputSchema } from '../../../core/schemas/consults';
import type { Identity } from '../../auth/verify-token';
import { actorOf } from '../../kernel/caller';
import type { ConsultDeps } from './consult-deps';
import { consultNotice, saveConsult } from './consult-writes';

type ReplyInput = z.output<typeof replyToConsultInputSchema>;

export const CONSULT_ALREADY_ORDERED =
  'This consult was already ordered from its answer, so the answer can no longer change. Write to the practice instead.';

/** The proposal checked like an order line: a design of the catalogue, values in its ranges and steps. */
async function checkedProposal(proposal: ReplyInput['proposal'], deps: Pick<ConsultDeps, 'lenses'>) {
  const design = await deps.lenses.get(proposal.lensId);
  if (!design || !design.active)
    throw invalidArgument(LENS_MESSAGES.designNotAvailable, { 'proposal.lensId': [LENS_MESSAGES.designNotAvailable] });
  const problems = Object.entries(validateLensParameters(design.parameters, proposal.parameters));
  if (problems.length > 0) {
    const errors: FieldErrors = Object.fromEntries(
      problems.map(([key, message]) => [`proposal.parameters.${key}`, [message]]),
    );
    throw invalidArgument(problems.length === 1 ? problems[0]![1] : LENS_MESSAGES.parametersNotValid, errors);
  }
  return { lensId: design.lensId, lensName: design.name, parameters: proposal.parameters };
}

/**
 * `replyToConsult` (the lab): answers a new consult, or answers again one not yet ordered, with text and a
 * proposed lens the practice can order as it is. Conditional on the version the consultant read; the
 * requester's email is stored with the answer (the outbox sends it) and the answer recorded in the audit log.
 */
export async function replyToConsult(
  caller: Identity,
  input: ReplyInput,
  deps: Pick<ConsultDeps, 'consults' | 'lenses' | 'users' | 'now' | 'audit'>,
): Promise<Consult> {
  const consult = await deps.consults.get(input.consultId);
  if (!consult) throw notFound(CONSULT_NOT_FOUND);
  if (consult.status === 'ordered') throw aborted(CONSULT_ALREADY_ORDERED);
  if (consult.version !== input.version) throw aborted(CHANGED_MESSAGES.consult);

  const proposal = await checkedProposal(input.proposal, deps);
  const at = deps.now().toISOString();
  const updated: Consult = {
    ...consult,
    status: 'answered',
    // A second answer keeps the time the consult was first answered: the queue's age counts to that.
    statusAt: consult.status === 'answered' ? consult.statusAt : at,
    reply: { text: input.text, proposal, by: await actorOf(caller, deps), at },
    updatedAt: at,
    version: consult.version + 1,
  };
  await saveConsult(updated, consult.version, deps, [
    consultNotice(deps, { kind: 'consult-answered', consult: updated }),
  ]);
  await deps.audit?.recordChange({
    action: 'consult.reply',
    target: { type: 'consult', id: consult.consultId },
    accountNumber: consult.accountNumber ?? null,
    before: consult,
    after: updated,
    keep: ['reference'],
  });
  return updated;
}
