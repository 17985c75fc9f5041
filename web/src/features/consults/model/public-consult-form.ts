import { FIELD_MESSAGES } from '../../../../../core/messages';
import type { ConsultantDesign, SubmitPublicConsultInput } from '../../../../../core/schemas/consults';
import { HONEYPOT_FIELD } from '../../../../../core/schemas/consults';
import type { FormErrors } from '../../../lib/form-errors';
import type { TroubleshooterHandoff } from './troubleshooter-handoff';

/** The design choice that means "type the lens's name" rather than pick one the consultant covers. */
export const OTHER_DESIGN = 'other';

/** The catalogue keys of the two lens parameters the visitor's form asks for. */
export const SAG_KEY = 'sagittalDepth';
export const DIAMETER_KEY = 'diameter';

/**
 * The visitor's request form, as typed. Field names are the paths of submitPublicConsultInputSchema, so the
 * schema's and the server's messages land on the fields; `designChoice` is the form's own (a covered design's
 * id, OTHER_DESIGN, or nothing yet).
 */
export interface PublicConsultFormValues {
  [key: string]: unknown;
  practiceName: string;
  contactName: string;
  email: string;
  phone: string;
  licenceNumber: string;
  patientInitials: string;
  eye: '' | 'OD' | 'OS';
  designChoice: string;
  currentLens: { designName: string; parameters: { [SAG_KEY]: string; [DIAMETER_KEY]: string } };
  question: string;
  [HONEYPOT_FIELD]: string;
}

/** The form's first values: blank, or the lens and eye the troubleshooter was run for. */
export function initialPublicConsultValues(
  handoff: TroubleshooterHandoff | null,
  designs: readonly ConsultantDesign[],
): PublicConsultFormValues {
  const lens = handoff?.observations.lens;
  const design = lens?.lensId ? designs.find((d) => d.lensId === lens.lensId) : undefined;
  return {
    practiceName: '',
    contactName: '',
    email: '',
    phone: '',
    licenceNumber: '',
    patientInitials: '',
    eye: handoff?.eye ?? '',
    designChoice: design ? design.lensId : lens ? OTHER_DESIGN : '',
    currentLens: {
      designName: design?.name ?? '',
      parameters: {
        [SAG_KEY]: lens?.sagUm !== undefined ? String(lens.sagUm) : '',
        [DIAMETER_KEY]: lens?.diameterMm !== undefined ? String(lens.diameterMm) : '',
      },
    },
    question: '',
    [HONEYPOT_FIELD]: '',
  };
}

/** The lens parameters typed: numbers only (the request schema would take any short text as an option value). */
export function lensParameterErrors(values: PublicConsultFormValues): FormErrors {
  const errors: FormErrors = {};
  const check = (key: string, text: string, message: string) => {
    const trimmed = text.trim();
    if (trimmed === '') return;
    const value = Number(trimmed.replace(',', '.'));
    if (!Number.isFinite(value) || value <= 0) errors[`currentLens.parameters.${key}`] = message;
  };
  check(SAG_KEY, values.currentLens.parameters[SAG_KEY], 'Sag is a number of micrometres');
  check(DIAMETER_KEY, values.currentLens.parameters[DIAMETER_KEY], FIELD_MESSAGES.diameterNumber);
  return errors;
}

/** What the form sends: the request in the route's input shape (the server parses it with the same schema). */
export function publicConsultInputOf(
  values: PublicConsultFormValues,
  context: {
    consultId: string;
    designs: readonly ConsultantDesign[];
    observations: TroubleshooterHandoff['observations'] | null;
  },
): SubmitPublicConsultInput {
  const design = context.designs.find((d) => d.lensId === values.designChoice);
  const parameters = Object.fromEntries(
    Object.entries(values.currentLens.parameters)
      .filter(([, text]) => text.trim() !== '')
      .map(([key, text]) => [key, Number(text.trim().replace(',', '.'))]),
  );
  return {
    consultId: context.consultId,
    practiceName: values.practiceName,
    contactName: values.contactName,
    email: values.email,
    phone: values.phone,
    licenceNumber: values.licenceNumber,
    patientInitials: values.patientInitials,
    eye: values.eye as SubmitPublicConsultInput['eye'],
    currentLens: {
      ...(design ? { lensId: design.lensId } : {}),
      designName: design ? design.name : values.currentLens.designName,
      parameters,
    },
    ...(context.observations ? { observations: context.observations } : {}),
    question: values.question,
    [HONEYPOT_FIELD]: values[HONEYPOT_FIELD],
  };
}
