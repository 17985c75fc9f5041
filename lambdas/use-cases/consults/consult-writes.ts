import { CHANGED_MESSAGES } from '../../../core/messages';
import { aborted } from '../../../core/errors';
import type { Consult, TroubleshooterObservations, TroubleshooterSettings } from '../../../core/schemas/consults';
import { consultRefusals } from '../../ports/consult-store';
import type { ConsultEmail } from '../../ports/consult-notifier';
import { outboxMessage, type OutboxMessage } from '../../kernel/outbox';
import type { ConsultDeps } from './consult-deps';
import { serverSuggestions } from './consult-views';

/*
 * How a consult is stored, shared by the senders and the lab's changes. Apart from consult-deps.ts so the deps and
 * the views (which read them) import none of it.
 */

/** A create that kept losing the reference-number race to other requests. */
export const CONSULTS_BUSY = 'The lab is busy receiving other requests. Please send again.';

/**
 * What both senders store of a request besides who sent it: the eye, the lens, the observations with the
 * server's own suggestions for them (serverSuggestions), the question; waiting for the lab, no answer, no orders.
 */
export function newConsultFields(
  request: Pick<Consult, 'eye' | 'currentLens' | 'question'> & { observations?: TroubleshooterObservations },
  settings: TroubleshooterSettings,
  at: string,
): Omit<Consult, 'consultId' | 'reference' | 'source' | 'accountNumber' | 'requester' | 'patient'> {
  return {
    eye: request.eye,
    currentLens: request.currentLens,
    ...(request.observations ? { observations: request.observations } : {}),
    suggestions: serverSuggestions(request.observations, settings),
    question: request.question,
    status: 'new',
    orderIds: [],
    createdAt: at,
    statusAt: at,
    updatedAt: at,
    version: 0,
  };
}

/** A consult email for the outbox: the consult notifier renders and addresses it when it is delivered. */
export const consultNotice = (deps: Pick<ConsultDeps, 'now'>, email: ConsultEmail): OutboxMessage =>
  outboxMessage(deps, 'consult', email);

/**
 * Stores a new request with the lab's notice of it. The id is the browser's: when a retry of the same request
 * stored it first (the create is refused as a duplicate), `answer` is given that one instead, and the lab is
 * not told twice. `answer` decides whether the caller may see a stored consult at all.
 */
export async function createConsult<T>(
  fields: Omit<Consult, 'reference'>,
  answer: (stored: Consult) => T,
  deps: Pick<ConsultDeps, 'consults' | 'now'>,
): Promise<T> {
  let stored: Consult;
  try {
    stored = await deps.consults.create(fields, (consult) => [
      consultNotice(deps, { kind: 'consult-received', consult }),
    ]);
  } catch (error) {
    if (!consultRefusals.is(error)) throw error;
    if (error.reason === 'contention') throw aborted(CONSULTS_BUSY);
    const found = await deps.consults.get(fields.consultId);
    if (!found) throw aborted(CONSULTS_BUSY);
    return answer(found);
  }
  return answer(stored);
}

/**
 * Replaces a consult on the version the caller read, with the notices the change causes; a change by someone
 * else in between is CHANGED_MESSAGES.consult (and stores no notice).
 */
export async function saveConsult(
  updated: Consult,
  expectedVersion: number,
  deps: Pick<ConsultDeps, 'consults'>,
  notices?: readonly OutboxMessage[],
): Promise<void> {
  try {
    await deps.consults.update(updated, expectedVersion, notices);
  } catch (error) {
    if (consultRefusals.is(error)) throw aborted(CHANGED_MESSAGES.consult);
    throw error;
  }
}
