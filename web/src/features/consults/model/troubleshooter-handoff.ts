import * as z from '../../../../../core/zod';
import { troubleshooterInputSchema, type TroubleshooterObservations } from '../../../../../core/schemas/consults';
import { eyeSchema } from '../../../../../core/schemas/orders';
import { readStored, removeStored, writeStored } from '../../../lib/local-storage';

/**
 * The troubleshooter's observations, carried to a request form ("Ask a consultant about this"). Kept in
 * sessionStorage: the findings stay in this tab and go to the server only when the user sends a request.
 * The key carries a version, so a later shape of the handoff never reads an older one as its own.
 */
export interface TroubleshooterHandoff {
  observations: TroubleshooterObservations;
  eye?: z.infer<typeof eyeSchema>;
}

const HANDOFF_KEY = 'ampleyeConsultant.handoff.v1';

const handoffSchema = z.object({
  observations: troubleshooterInputSchema,
  eye: z.optional(eyeSchema),
});

/** Blocked or full storage keeps nothing: the request form then starts without the findings. */
export function saveTroubleshooterHandoff(handoff: TroubleshooterHandoff): void {
  writeStored(HANDOFF_KEY, JSON.stringify(handoff), 'session');
}

/** The handoff this tab holds, checked with the observations schema; anything unreadable counts as none. */
export function readTroubleshooterHandoff(): TroubleshooterHandoff | null {
  const text = readStored(HANDOFF_KEY, 'session');
  if (!text) return null;
  try {
    const parsed = handoffSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function clearTroubleshooterHandoff(): void {
  removeStored(HANDOFF_KEY, 'session');
}
