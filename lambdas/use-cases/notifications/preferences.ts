import { CHANGED_MESSAGES, FORM_MESSAGES } from '../../../core/messages';
import { aborted, invalidArgument } from '../../../core/errors';
import {
  audienceOfGroups,
  choicesFor,
  effectiveChoices,
  eventsFor,
  type NotificationChoice,
} from '../../../core/rules/notification-events';
import type {
  NotificationChoices,
  NotificationPreferences,
  UpdateNotificationPreferencesInput,
} from '../../../core/schemas/notifications';
import type { Identity } from '../../auth/verify-token';
import { notificationRefusals, type NotificationStore, type SavedChoices } from '../../ports/notification-store';

const answer = (caller: Identity, saved: Pick<SavedChoices, 'choices' | 'version'>): NotificationPreferences => {
  const audience = audienceOfGroups(caller.groups);
  return {
    audience,
    choices: effectiveChoices(audience, saved.choices) as NotificationChoices,
    version: saved.version,
  };
};

/** The caller's choice for every event of their audience (the lab's staff or a practice's users). */
export async function getNotificationPreferences(
  caller: Identity,
  deps: { notifications: Pick<NotificationStore, 'choices'> },
): Promise<NotificationPreferences> {
  return answer(caller, await deps.notifications.choices(caller.userId));
}

/**
 * Changes some of the caller's choices, when nobody changed them since the version the page read (409
 * otherwise). An event of the other audience, or a choice its audience is not offered (a lab event by email:
 * the lab's emails follow Email Management), is refused with the field it concerns.
 */
export async function updateNotificationPreferences(
  caller: Identity,
  input: UpdateNotificationPreferencesInput,
  deps: { notifications: Pick<NotificationStore, 'choices' | 'saveChoices'> },
): Promise<NotificationPreferences> {
  const audience = audienceOfGroups(caller.groups);
  const events = new Set<string>(eventsFor(audience).map((e) => e.id));
  const offered = choicesFor(audience);
  const fieldErrors: Record<string, string[]> = {};
  for (const [eventId, choice] of Object.entries(input.choices) as [string, NotificationChoice][]) {
    if (!events.has(eventId)) fieldErrors[`choices.${eventId}`] = ['Not an event you can choose'];
    else if (!offered.includes(choice)) fieldErrors[`choices.${eventId}`] = ['Not a choice offered for this event'];
  }
  if (Object.keys(fieldErrors).length > 0) throw invalidArgument(FORM_MESSAGES.invalidFields, fieldErrors);

  // A choice saved under the other audience (a user who moved between the lab and a practice) is dropped.
  const ofAudience = (choices: NotificationChoices): NotificationChoices =>
    Object.fromEntries(Object.entries(choices).filter(([eventId]) => events.has(eventId)));
  const current = await deps.notifications.choices(caller.userId);
  if (current.version !== input.version) throw aborted(CHANGED_MESSAGES.notificationPreferences);
  try {
    return answer(
      caller,
      await deps.notifications.saveChoices(
        caller.userId,
        ofAudience({ ...current.choices, ...input.choices }),
        input.version,
      ),
    );
  } catch (error) {
    if (notificationRefusals.is(error, 'changed')) throw aborted(CHANGED_MESSAGES.notificationPreferences);
    throw error;
  }
}
