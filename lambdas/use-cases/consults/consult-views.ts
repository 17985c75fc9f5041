import { notFound } from '../../../core/errors';
import { troubleshoot } from '../../../core/rules/scleral-troubleshooter';
import {
  CONSULT_NOT_FOUND,
  type Consult,
  type CustomerConsult,
  type Suggestion,
  type TroubleshooterObservations,
  type TroubleshooterSettings,
} from '../../../core/schemas/consults';
import type { Identity } from '../../auth/verify-token';
import { callerLinkedAccounts } from '../../kernel/caller';
import type { ConsultDeps } from './consult-deps';

/** What a practice sees of its consult: the consultant's name on the answer, never a staff id. */
export function customerConsult(consult: Consult): CustomerConsult {
  if (!consult.reply) return consult;
  const { by, ...reply } = consult.reply;
  return { ...consult, reply: { ...reply, by: { name: by.name } } };
}

/**
 * The suggestions stored with a request: worked out again here with the settings of this moment, whatever
 * the browser showed (it may run older rules, or have been edited).
 */
export function serverSuggestions(
  observations: TroubleshooterObservations | undefined,
  settings: TroubleshooterSettings,
): Suggestion[] {
  return observations ? troubleshoot(observations, settings).suggestions : [];
}

/** The caller's linked account that `accountNumber` (upper-case, as the schema and the records hold it) names, or null. */
export async function linkedAccountOf(
  caller: Identity,
  accountNumber: string,
  deps: Pick<ConsultDeps, 'users'>,
): Promise<string | null> {
  const linked = callerLinkedAccounts(caller, await deps.users.get(caller.userId));
  return linked.find((a) => a.toUpperCase() === accountNumber) ?? null;
}

/**
 * A consult a practice user may see: one of an account they are linked to. A visitor's request the lab has
 * not linked to a practice has no account and is never a practice's. Anything else is CONSULT_NOT_FOUND, the
 * same as an id that does not exist.
 */
export async function loadPracticeConsult(
  caller: Identity,
  consultId: string,
  deps: Pick<ConsultDeps, 'consults' | 'users'>,
): Promise<Consult> {
  const consult = await deps.consults.get(consultId);
  if (!consult?.accountNumber || !(await linkedAccountOf(caller, consult.accountNumber, deps)))
    throw notFound(CONSULT_NOT_FOUND);
  return consult;
}
