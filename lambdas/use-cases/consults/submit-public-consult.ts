import { createHmac, randomBytes } from 'node:crypto';
import type * as z from '../../../core/zod';
import { notFound, resourceExhausted } from '../../../core/errors';
import { rateLimitAddress } from '../../../core/rules/client-address';
import { CONSULT_REFERENCE_ALPHABET } from '../../../core/rules/consult-reference';
import {
  CONSULT_NOT_FOUND,
  PUBLIC_CONSULT_LIMITS,
  PUBLIC_CONSULT_RATE_MESSAGE,
  type Consult,
  type submitPublicConsultInputSchema,
} from '../../../core/schemas/consults';
import { newConsultReference } from '../../ports/consult-store';
import type { ConsultDeps } from './consult-deps';
import { createConsult, newConsultFields } from './consult-writes';

type SubmitPublicConsultInput = z.output<typeof submitPublicConsultInputSchema>;
type PublicDeps = Pick<ConsultDeps, 'consults' | 'settings' | 'limiter' | 'log' | 'now'> & {
  /** The honeypot's made-up reference for a request; tests fix it. */
  honeypotReference?: (consultId: string, email: string) => string;
};

/** Rate-limit keys: one per client (an IPv6 client by its /64: core/rules/client-address.ts), one per email. */
export const publicConsultLimitKeys = (sourceIp: string, email: string) => ({
  address: `submitPublicConsult#ip#${rateLimitAddress(sourceIp)}`,
  email: `submitPublicConsult#email#${email.trim().toLowerCase()}`,
});

// Made once per container: the honeypot answers a repeat of one request with the same reference, as a real
// retry is, and nobody outside can work out which references it makes.
const HONEYPOT_KEY = randomBytes(32);

/** A reference drawn like a real one, from the request's id and email instead of chance. */
function honeypotReference(consultId: string, email: string): string {
  const bytes: number[] = [];
  for (let round = 0; bytes.length < 64; round++) {
    bytes.push(...createHmac('sha256', HONEYPOT_KEY).update(`${round}:${consultId}:${email}`).digest());
  }
  // Only bytes below the largest multiple of the alphabet's size, so every character is as likely as in a real one.
  const size = CONSULT_REFERENCE_ALPHABET.length;
  const fair = bytes.filter((b) => b < 256 - (256 % size));
  return newConsultReference(() => fair.shift()! % size);
}

/**
 * `submitPublicConsult`: a visitor asks the lab (no sign-in, patient initials only, no files) and sees back
 * only the reference. A few requests per client address and per email are allowed per window; a retry of the
 * same request (same id, same email) answers the stored reference without counting. Someone else's id is
 * counted against the address before its not-found answer (which the wrapper audits), so ids cannot be probed
 * without limit. A filled honeypot field is a bot: it is answered exactly as a person would be (the same
 * checks, limits and a reference drawn like a real one), but nothing is stored or sent and the log says only
 * that it happened (docs/decisions/0082-random-consult-references.md).
 */
export async function submitPublicConsult(
  input: SubmitPublicConsultInput,
  sourceIp: string,
  deps: PublicDeps,
): Promise<{ reference: string }> {
  const email = input.email.trim().toLowerCase();
  const keys = publicConsultLimitKeys(sourceIp, email);
  const { perAddress, perEmail } = PUBLIC_CONSULT_LIMITS;
  const allowed = (within: boolean) => {
    if (!within) throw resourceExhausted(PUBLIC_CONSULT_RATE_MESSAGE);
  };
  const countAddress = async () =>
    allowed(await deps.limiter.consume(keys.address, perAddress.limit, perAddress.windowSeconds));
  const isTheirs = (stored: Consult) => stored.source === 'public' && stored.requester.email.toLowerCase() === email;
  const answerStored = (stored: Consult) => {
    // Someone else's id (a practice's request, another visitor's) answers like an id that does not exist.
    if (!isTheirs(stored)) throw notFound(CONSULT_NOT_FOUND);
    return { reference: stored.reference };
  };

  const earlier = await deps.consults.get(input.consultId);
  if (earlier) {
    if (!isTheirs(earlier)) await countAddress();
    return answerStored(earlier);
  }

  await countAddress();
  allowed(await deps.limiter.consume(keys.email, perEmail.limit, perEmail.windowSeconds));

  if (input.website?.trim()) {
    // Nothing from the request is logged: a bot's payload is noise at best and abuse at worst.
    deps.log.info('honeypot', { route: 'submitPublicConsult' });
    return { reference: (deps.honeypotReference ?? honeypotReference)(input.consultId, email) };
  }

  const settings = await deps.settings.get();
  const at = deps.now().toISOString();
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
