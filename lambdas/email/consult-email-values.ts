import { pagePaths } from '../../core/page-paths';
import { displayParameterValue } from '../../core/rules/lens-parameters';
import type { Consult } from '../../core/schemas/consults';
import type { ParameterDefinition } from '../../core/schemas/lenses';
import { EYE_LABELS } from '../../core/schemas/order-keys';
import { portalLink as link } from './account-email-values';

/**
 * The placeholder values of the consult emails (EMAIL_PLACEHOLDERS names them). Values are raw text, the
 * practice's question and the lab's answer included: render-template.ts escapes them in the HTML part and
 * composeEmail refuses a subject with CR/LF.
 */

export interface ConsultEmailContext {
  portalUrl: string | null;
  /** The practice's name from its customer record, for a practice request that did not carry one. */
  company?: string | undefined;
}

const NO_PARAMETERS = 'no parameters given';

/** A portal page as a link, or its name in words when the portal's address is unknown (never a wrong link). */
const practiceNameOf = (consult: Consult, context: ConsultEmailContext) =>
  consult.requester.practiceName?.trim() || context.company?.trim() || consult.accountNumber || 'a visitor';

/**
 * A lens on one line: "Ampleye: Sagittal depth 4300 µm, Diameter 16.0 mm". With the design's definitions the
 * values read as on the order views, in the design's order; without them (a design since removed) by key.
 */
export function lensSummary(
  name: string,
  parameters: Readonly<Record<string, number | string>>,
  definitions: readonly ParameterDefinition[] = [],
): string {
  const known = definitions.filter((def) => parameters[def.key] !== undefined);
  const knownKeys = new Set(known.map((def) => def.key));
  const values = [
    ...known.map((def) => `${def.label} ${displayParameterValue(def, parameters[def.key])}`),
    ...Object.entries(parameters)
      .filter(([key]) => !knownKeys.has(key))
      .map(([key, value]) => `${key} ${value}`),
  ];
  return `${name}: ${values.length > 0 ? values.join(', ') : NO_PARAMETERS}`;
}

/** To the lab: a request waits in the queue; the link is the lab's consult page. */
export function consultReceivedValues(
  consult: Consult,
  context: ConsultEmailContext & { currentLensDefinitions?: readonly ParameterDefinition[] | undefined },
): Record<string, string> {
  return {
    reference: consult.reference,
    requestKind:
      consult.source === 'practice'
        ? `Practice request (account ${consult.accountNumber ?? 'unknown'})`
        : `Visitor request (no account yet; license ${consult.requester.licenceNumber?.trim() || 'not given'})`,
    // Everything below it is the requester's own text (render-template.ts shows it inert, never as a link).
    sentBy: consult.source === 'practice' ? 'Sent by the practice' : 'Sent by a visitor',
    practiceName: practiceNameOf(consult, context),
    requesterName: consult.requester.name,
    requesterEmail: consult.requester.email,
    patient: consult.patient,
    eye: EYE_LABELS[consult.eye],
    currentLens: lensSummary(
      consult.currentLens.designName,
      consult.currentLens.parameters,
      context.currentLensDefinitions,
    ),
    question: consult.question,
    consultLink: link(context.portalUrl, pagePaths.labConsult(consult.consultId), 'Consults'),
  };
}

/**
 * To whoever asked: the question, the lab's answer and the proposed lens. A practice's request links its
 * consult page, where "Order this" orders the lens; a visitor cannot sign in, so the email holds the whole
 * answer and says how to order instead (`consultLink` is empty).
 */
export function consultAnsweredValues(
  consult: Consult,
  context: ConsultEmailContext & { proposalDefinitions?: readonly ParameterDefinition[] | undefined },
): Record<string, string> {
  const reply = consult.reply;
  // A visitor's lead the lab linked to a practice is still the visitor's: they may have no sign-in there.
  const practice = consult.source === 'practice';
  return {
    reference: consult.reference,
    requesterName: consult.requester.name,
    practiceName: practiceNameOf(consult, context),
    patient: consult.patient,
    eye: EYE_LABELS[consult.eye],
    question: consult.question,
    answer: reply?.text ?? '',
    proposedLens: reply
      ? lensSummary(reply.proposal.lensName, reply.proposal.parameters, context.proposalDefinitions)
      : NO_PARAMETERS,
    nextStep: practice
      ? 'See the answer and order this lens with “Order this” at'
      : `To order this lens, reply to this email or call the lab quoting ${consult.reference}.`,
    consultLink: practice ? link(context.portalUrl, pagePaths.consult(consult.consultId), 'Consults') : '',
  };
}
