import type * as z from '../../../core/zod';
import { notFound } from '../../../core/errors';
import { CONSULT_NOT_FOUND, type Consult, type listConsultsInputSchema } from '../../../core/schemas/consults';
import type { ConsultPage } from '../../ports/consult-store';
import type { ConsultDeps } from './consult-deps';

/** `listConsults` (the lab's queue): one status, oldest first, every practice's and every visitor's. */
export function listConsults(
  input: z.output<typeof listConsultsInputSchema>,
  deps: Pick<ConsultDeps, 'consults'>,
): Promise<ConsultPage> {
  return deps.consults.listByStatus(input.status, { limit: input.limit, cursor: input.cursor });
}

/** `getLabConsult`: any consult, as the lab sees it (who answered, by id). */
export async function getLabConsult(
  input: { consultId: string },
  deps: Pick<ConsultDeps, 'consults'>,
): Promise<Consult> {
  const consult = await deps.consults.get(input.consultId);
  if (!consult) throw notFound(CONSULT_NOT_FOUND);
  return consult;
}
