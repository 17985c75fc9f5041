import { randomInt } from 'node:crypto';
import type * as z from '../../../core/zod';
import { notFound, resourceExhausted } from '../../../core/errors';
import {
  CONSULT_NOT_FOUND,
  PUBLIC_CONSULT_LIMITS,
  PUBLIC_CONSULT_RATE_MESSAGE,
  type Consult,
  type submitPublicConsultInputSchema,
} from '../../../core/schemas/consult';
import { formatConsultReference } from '../../ports/consult-store';
import { createConsult, newConsultFields, nowOf, type ConsultDeps } from './consult-deps';

type SubmitPublicConsultInput = z.output<typeof submitPublicConsultInputSchema>;
type PublicDeps = Pick<ConsultDeps, 'consults' | 'settings' | 'limiter' | 'notifier' | 'log' | 'now'> & {
  /** The honeypot's made-up reference number; tests fix it. */
  randomSequence?: () => number;
};

/** Rate-limit keys: one per client address, one per (lower-cased) email. */
export const publicConsultLimitKeys = (sourceIp: string, email: string) => ({
  address: `submitPublicConsult#ip#${sourceIp}`,
  email: `submitPublicConsult#email#${email.trim().toLowerCase()}`,
});

/**
 * `submitPublicConsult`: a visitor asks the lab (no sign-in, patient initials only, no files) and sees back
 * only the reference. A filled honeypot field is a bot: it gets a reference-shaped answer, nothing is stored
 * and the log says only that it happened. Otherwise a few requests per address and per email are allowed per
 * window; a retry of the same request (same id, same email) answers the stored reference without counting.
 */
export async function submitPublicConsult(
  input: SubmitPublicConsultInput,
  sourceIp: string,
  deps: PublicDeps,
): Promise<{ reference: string }> {
  if (input.website?.trim()) {
    // Nothing from the request is logged: a bot's payload is noise at best and abuse at worst.
    deps.log.info('honeypot', { route: 'submitPublicConsult' });
    const sequence = (deps.randomSequence ?? (() => randomInt(1, 1_000_000)))();
    return { reference: formatConsultReference(sequence) };
  }

  const email = input.email.trim().toLowerCase();
  const answerStored = (stored: Consult) => {
    // Someone else's id (a practice's request, another visitor's) answers like an id that does not exist.
    if (stored.source !== 'public' || stored.requester.email.toLowerCase() !== email) throw notFound(CONSULT_NOT_FOUND);
    return { reference: stored.reference };
  };
  const earlier = await deps.consults.get(input.consultId);
  if (earlier) return answerStored(earlier);

  const keys = publicConsultLimitKeys(sourceIp, email);
  const { perAddress, perEmail } = PUBLIC_CONSULT_LIMITS;
  const addressAllowed = await deps.limiter.consume(keys.address, perAddress.limit, perAddress.windowSeconds);
  const emailAllowed =
    addressAllowed && (await deps.limiter.consume(keys.email, perEmail.limit, perEmail.windowSeconds));
  if (!emailAllowed) throw resourceExhausted(PUBLIC_CONSULT_RATE_MESSAGE);

  const settings = await deps.settings.get();
  const at = nowOf(deps).toISOString();
  const fields: Omit<Consult, 'reference'> = {
    consultId: input.consultId,
    source: 'public',
    requester: {
      name: input.contactName,
      email,
      practiceName: input.practiceName,
      licenceNumber: input.licenceNumber,
      ...(input.phone ? { phone: input.phone } : {}),
    },
    patient: input.patientInitials.toUpperCase(),
    ...newConsultFields(input, settings, at),
  };

  return createConsult(fields, answerStored, deps);
}
