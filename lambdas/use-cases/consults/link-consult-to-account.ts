import { CHANGED_MESSAGES } from '../../../core/messages';
import type * as z from '../../../core/zod';
import { aborted, invalidArgument, notFound } from '../../../core/errors';
import { CONSULT_NOT_FOUND, type Consult, type linkConsultInputSchema } from '../../../core/schemas/consults';
import type { ConsultDeps } from './consult-deps';
import { saveConsult } from './consult-writes';

export const ONLY_LEADS_LINK = "Only a visitor's request can be linked to a practice; this one came from a practice.";
export const ORDERED_LEAD_STAYS = 'This consult was already ordered by its practice, so it stays linked to it.';
export const NO_SUCH_PRACTICE = 'No practice has this account number.';

/**
 * `linkConsultToAccount` (the lab): a visitor's request (a lead) is linked to the practice it came from, which
 * then sees it under Consults. Once that practice has ordered from the answer the link stays.
 */
export async function linkConsultToAccount(
  input: z.output<typeof linkConsultInputSchema>,
  deps: Pick<ConsultDeps, 'consults' | 'customers' | 'now' | 'audit'>,
): Promise<Consult> {
  const consult = await deps.consults.get(input.consultId);
  if (!consult) throw notFound(CONSULT_NOT_FOUND);
  if (consult.source !== 'public') throw aborted(ONLY_LEADS_LINK);
  if (consult.status === 'ordered') throw aborted(ORDERED_LEAD_STAYS);
  if (consult.version !== input.version) throw aborted(CHANGED_MESSAGES.consult);
  const practice = await deps.customers.get(input.accountNumber);
  if (!practice) throw invalidArgument(NO_SUCH_PRACTICE, { accountNumber: [NO_SUCH_PRACTICE] });

  const updated: Consult = {
    ...consult,
    accountNumber: practice.accountNumber,
    updatedAt: deps.now().toISOString(),
    version: consult.version + 1,
  };
  await saveConsult(updated, consult.version, deps);
  await deps.audit?.recordChange({
    action: 'consult.link',
    target: { type: 'consult', id: consult.consultId },
    accountNumber: practice.accountNumber,
    before: consult,
    after: updated,
    keep: ['reference'],
  });
  return updated;
}
