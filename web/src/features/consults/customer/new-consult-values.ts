/**
 * The practice's consult request form: what is typed (parameters kept as text, like the order form), where
 * the current lens comes from (a past order's line or typed), and how that becomes submitConsult's input.
 * The values sit under the route's paths ('currentLens.parameters.sagittalDepth'), the keys the schema's and
 * the server's field errors carry, so both land on the same fields.
 */
import type { SubmitConsultInput, TroubleshooterObservations } from '../../../../../core/schemas/consults';
import type { LensDesign } from '../../../../../core/schemas/lenses';
import { EYES, type Order } from '../../../../../core/schemas/orders';
import type { FormErrors } from '../../../lib/form-errors';
import { lineParameterErrors, parameterValuesOf } from '../../orders';

export type Eye = (typeof EYES)[number];
export type LensSource = 'order' | 'typed';

export interface NewConsultValues {
  patientReference: string;
  eye: Eye | '';
  lensSource: LensSource;
  currentLens: {
    /** The shipped order the lens came from (lensSource 'order'). */
    fromOrderId: string;
    /** The catalogue design and its parameters as typed (lensSource 'typed'). */
    lensId: string;
    parameters: Record<string, string>;
  };
  question: string;
}

export const emptyConsultValues = (eye?: Eye): NewConsultValues => ({
  patientReference: '',
  eye: eye ?? '',
  lensSource: 'order',
  currentLens: { fromOrderId: '', lensId: '', parameters: {} },
  question: '',
});

/** What the form knows besides the typed values: the chosen past order (once read) and the catalogue. */
export interface ConsultFormContext {
  pastOrder: Pick<Order, 'orderId' | 'orderNumber' | 'lines'> | undefined;
  designs: readonly LensDesign[];
}

export const LENS_PATHS = {
  fromOrderId: 'currentLens.fromOrderId',
  lensId: 'currentLens.lensId',
  parameter: (key: string) => `currentLens.parameters.${key}`,
} as const;

/** The past order's line for the eye the consult is about, if it has one. */
export const pastOrderLine = (order: ConsultFormContext['pastOrder'], eye: Eye | '') =>
  eye ? order?.lines.find((line) => line.eye === eye) : undefined;

/** The message for a past order without a lens for the chosen eye. */
export const noLineForEye = (order: Pick<Order, 'orderNumber'>, eye: Eye) =>
  `Order ${order.orderNumber ?? ''} has no lens for ${eye}. Choose another order or type the lens in.`;

type CurrentLens = SubmitConsultInput['currentLens'];

/** The current lens from its source, or the messages saying what is missing. */
function currentLensOf(
  values: NewConsultValues,
  context: ConsultFormContext,
): { lens: CurrentLens | null; errors: FormErrors } {
  const typed = values.currentLens;
  if (values.lensSource === 'order') {
    if (!typed.fromOrderId)
      return { lens: null, errors: { [LENS_PATHS.fromOrderId]: 'Choose the order the lens came from' } };
    const order = context.pastOrder;
    if (!order || order.orderId !== typed.fromOrderId)
      return {
        lens: null,
        errors: { [LENS_PATHS.fromOrderId]: 'The order is still being read. Try again in a moment.' },
      };
    // The eye's own message says what is missing.
    if (!values.eye) return { lens: null, errors: {} };
    const line = pastOrderLine(order, values.eye);
    if (!line) return { lens: null, errors: { [LENS_PATHS.fromOrderId]: noLineForEye(order, values.eye) } };
    return {
      lens: {
        fromOrderId: order.orderId,
        lensId: line.lensId,
        designName: line.design.name,
        parameters: line.parameters,
      },
      errors: {},
    };
  }
  const design = context.designs.find((d) => d.lensId === typed.lensId);
  if (!design) return { lens: null, errors: { [LENS_PATHS.lensId]: 'Choose the lens design' } };
  // A fitter may not know every parameter of the lens on the eye: what is typed must fit, none is required.
  const errors: FormErrors = {};
  for (const [key, message] of Object.entries(lineParameterErrors(design, { parameters: typed.parameters }, false)))
    errors[LENS_PATHS.parameter(key)] = message;
  return {
    lens: {
      lensId: design.lensId,
      designName: design.name,
      parameters: parameterValuesOf(design, typed.parameters) as Record<string, number | string>,
    },
    errors,
  };
}

/** Messages for the typed parameters as the user types (range, step, options). */
export function typedLensErrors(values: NewConsultValues, context: ConsultFormContext): FormErrors {
  if (values.lensSource !== 'typed' || !values.currentLens.lensId) return {};
  return currentLensOf(values, context).errors;
}

/** What the request carries besides the typed values. */
export interface ConsultRequest {
  consultId: string;
  accountNumber: string;
  observations: TroubleshooterObservations | null;
}

/** submitConsult's input for the values, as the route schema checks it. */
export function consultInputOf(
  values: NewConsultValues,
  context: ConsultFormContext,
  request: ConsultRequest,
): SubmitConsultInput {
  const { lens } = currentLensOf(values, context);
  return {
    consultId: request.consultId,
    accountNumber: request.accountNumber,
    patientReference: values.patientReference,
    // An empty eye is left for the schema and consultFormErrors to name.
    eye: values.eye as SubmitConsultInput['eye'],
    // A placeholder name lets the schema check everything else while the lens itself is missing (its
    // source's message, from consultFormErrors, says what to choose).
    currentLens: lens ?? { designName: '-' },
    ...(request.observations ? { observations: request.observations } : {}),
    question: values.question,
  };
}

/** What the route schema cannot know: the lens source's own messages, and the eye's in the form's words. */
export function consultFormErrors(values: NewConsultValues, context: ConsultFormContext): FormErrors {
  const errors: FormErrors = {};
  if (!values.eye) errors.eye = 'Choose the eye: OD (right) or OS (left)';
  return { ...errors, ...currentLensOf(values, context).errors };
}
