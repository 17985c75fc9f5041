/**
 * The lab's reply form: the answer text and a proposed lens, kept as typed text like the order form (a
 * half-typed "-1." survives a re-render) and checked with the order form's rules, so a proposal the practice
 * can order passes the same checks its order will. The values sit under the route's paths
 * ('proposal.parameters.sagittalDepth'), the keys the schema's and the server's field errors carry.
 */
import { applySuggestions } from '../../../../../core/rules/consult-proposal';
import type * as z from '../../../../../core/zod';
import { consultProposalSchema, replyToConsultInputSchema, type Consult } from '../../../../../core/schemas/consults';
import type { LensDesign } from '../../../../../core/schemas/lenses';
import type { FormErrors } from '../../../lib/form-errors';
import { lineParameterErrors, parameterText, parameterValuesOf } from '../../orders';

export interface ReplyValues {
  text: string;
  proposal: {
    lensId: string;
    /** Raw text per parameter key (option values for option parameters). */
    parameters: Record<string, string>;
  };
}

export const PARAMETERS_PATH = 'proposal.parameters';
export const parameterPath = (key: string) => `${PARAMETERS_PATH}.${key}`;

const textsOf = (values: Readonly<Record<string, number | string | undefined>>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(values)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => [key, parameterText(value)]),
  );

const offered = (designs: readonly LensDesign[], lensId: string | undefined) =>
  lensId && designs.some((d) => d.lensId === lensId) ? lensId : '';

/**
 * Where the form starts: the answer given (when changing it), else the design of the current lens when the
 * catalogue offers it, with no values yet ("Start from the suggestions" fills them).
 */
export function replyValuesOf(consult: Consult, designs: readonly LensDesign[]): ReplyValues {
  if (consult.reply)
    return {
      text: consult.reply.text,
      proposal: {
        lensId: offered(designs, consult.reply.proposal.lensId),
        parameters: textsOf(consult.reply.proposal.parameters),
      },
    };
  return { text: '', proposal: { lensId: offered(designs, consult.currentLens.lensId), parameters: {} } };
}

/** Range, step and option messages of the values typed so far (`includeMissing`: also required ones left empty). */
export function proposalErrors(
  design: LensDesign | undefined,
  parameters: Record<string, string>,
  includeMissing: boolean,
): FormErrors {
  const errors = lineParameterErrors(design, { parameters }, includeMissing);
  return Object.fromEntries(Object.entries(errors).map(([key, message]) => [parameterPath(key), message]));
}

export interface SuggestionsStart {
  parameters: Record<string, string>;
  /** Rule ids of the suggestions whose change is in the values. */
  applied: string[];
  skipped: { ruleId: string; reason: string }[];
}

/** The current lens's values with the suggested changes applied, snapped to the design's steps and ranges. */
export function startFromSuggestions(consult: Consult, design: LensDesign): SuggestionsStart {
  const result = applySuggestions(consult.currentLens.parameters, consult.suggestions, design);
  const known = new Set(design.parameters.map((p) => p.key));
  const parameters: Record<string, string | number | undefined> = {};
  // A value of another design (the current lens was not this one) is not this design's.
  for (const [key, value] of Object.entries(result.parameters)) if (known.has(key)) parameters[key] = value;
  return { parameters: textsOf(parameters), applied: result.applied, skipped: result.skipped };
}

/** The route input for the typed values: parameter texts as the design's numbers and options. */
export function replyInputOf(
  consult: Consult,
  values: ReplyValues,
  design: LensDesign | undefined,
): z.input<typeof replyToConsultInputSchema> {
  // Only the values it could read are in it: none is undefined.
  const parameters = parameterValuesOf(design, values.proposal.parameters) as Record<string, number | string>;
  return {
    consultId: consult.consultId,
    version: consult.version,
    text: values.text,
    proposal: { lensId: values.proposal.lensId, parameters },
  };
}

/** What the route schema cannot know: the chosen design's ranges and required parameters, keyed by field. */
export function replyDesignErrors(values: ReplyValues, design: LensDesign | undefined): FormErrors {
  if (design) return proposalErrors(design, values.proposal.parameters, true);
  // A design id the schema accepts but the catalogue does not offer (the schema names a missing one itself).
  return consultProposalSchema.shape.lensId.safeParse(values.proposal.lensId).success
    ? { 'proposal.lensId': 'Choose the proposed lens design' }
    : {};
}
