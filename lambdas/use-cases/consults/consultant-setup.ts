import { CHANGED_MESSAGES } from '../../../core/messages';
import type * as z from '../../../core/zod';
import { aborted, invalidArgument } from '../../../core/errors';
import { consultantDesignOf } from '../../../core/rules/consultant-designs';
import { isStaff } from '../../../core/rules/staff-mfa';
import type {
  ConsultantDesign,
  ConsultantSetup,
  TroubleshooterSettings,
  updateTroubleshooterSettingsInputSchema,
} from '../../../core/schemas/consults';
import type { Identity } from '../../auth/verify-token';
import { type ConsultDeps } from './consult-deps';

export const unknownDesignsMessage = (ids: string[]) =>
  `${ids.length === 1 ? 'This lens design is' : 'These lens designs are'} not in the catalog: ${ids.join(', ')}.`;

/**
 * `getConsultantSetup` (public): the settings and the active designs they name, in the settings' order, as the
 * troubleshooter shows them (no prices). A design that was removed or deactivated is left out. Who saved the
 * settings last (a staff id and sign-in email) goes to lab staff only: the settings page reads this route too.
 */
export async function getConsultantSetup(
  caller: Identity | null,
  deps: Pick<ConsultDeps, 'settings' | 'lenses'>,
): Promise<ConsultantSetup> {
  const stored = await deps.settings.get();
  const settings = caller && isStaff(caller.groups) ? stored : { ...stored, updatedBy: null };
  const found = await Promise.all(settings.designIds.map((id) => deps.lenses.get(id)));
  const designs = found
    .filter((design) => design?.active)
    .map((design) => consultantDesignOf(design!))
    .filter((design): design is ConsultantDesign => Boolean(design));
  return { settings, designs };
}

/**
 * `updateConsultantSettings` (super admins): replaces every threshold in one conditional write on the version
 * the editor read. The designs named must be in the catalogue (an inactive one may stay listed: it shows
 * again once reactivated).
 */
export async function updateConsultantSettings(
  caller: Identity,
  input: z.output<typeof updateTroubleshooterSettingsInputSchema>,
  deps: Pick<ConsultDeps, 'settings' | 'lenses' | 'now' | 'audit'>,
): Promise<TroubleshooterSettings> {
  const designIds = [...new Set(input.settings.designIds)];
  const found = await Promise.all(designIds.map((id) => deps.lenses.get(id)));
  const unknown = designIds.filter((_, i) => !found[i]);
  if (unknown.length > 0) {
    const message = unknownDesignsMessage(unknown);
    throw invalidArgument(message, { 'settings.designIds': [message] });
  }

  const before = await deps.settings.get();
  if (before.version !== input.version) throw aborted(CHANGED_MESSAGES.consultantSettings);
  const updated: TroubleshooterSettings = {
    ...input.settings,
    designIds,
    version: input.version + 1,
    updatedAt: deps.now().toISOString(),
    // The route reads no users table: the lab's staff are named by their sign-in email.
    updatedBy: { userId: caller.userId, name: caller.email },
  };
  if (!(await deps.settings.put(updated, input.version))) throw aborted(CHANGED_MESSAGES.consultantSettings);
  await deps.audit?.recordChange({
    action: 'consultant-settings.update',
    target: { type: 'consultant-settings', id: 'troubleshooter' },
    before,
    after: updated,
  });
  return updated;
}
