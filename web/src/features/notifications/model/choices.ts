import {
  CHOICE_LABELS,
  choicesFor,
  type NotificationAudience,
  type NotificationChoice,
} from '../../../../../core/rules/notification-events';

export type ChoiceValues = Record<string, NotificationChoice>;

/** The choices a save sends: only those that differ from what was read (the server keeps the others). */
export function changedChoices(read: ChoiceValues, chosen: ChoiceValues): ChoiceValues {
  return Object.fromEntries(Object.entries(chosen).filter(([id, choice]) => read[id] !== choice));
}

/** The options of an event's control: the lab's staff choose only whether an event shows in their bell. */
export const choiceOptions = (audience: NotificationAudience) =>
  choicesFor(audience).map((choice) => ({ value: choice, label: CHOICE_LABELS[choice] }));
