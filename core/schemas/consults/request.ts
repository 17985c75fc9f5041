import { lazySchema } from '../lazy-schema';
import * as z from '../../zod';
import { accountNumberSchema } from '../account-number';
import { generateUploadUrlInputSchema, orderFileInputSchema } from '../attachments';
import { eyeSchema, orderIdSchema, parameterValuesSchema } from '../order-keys';
import { pageCursorSchema, pageLimitSchema, pageSchema } from '../paging';
import { idSchema, multiLineText, requiredLine } from '../text-fields';
import { consultIdSchema } from './consult-id';
import { consultReplySchema } from './reply';
import { suggestionSchema, troubleshooterInputSchema } from './troubleshooter';

// ---------------------------------------------------------------------------------------------------------
// Consult requests.

export const CONSULT_STATUSES = ['new', 'answered', 'ordered'] as const;
export const consultStatusSchema = lazySchema(() => z.enum(CONSULT_STATUSES));
export type ConsultStatus = z.infer<typeof consultStatusSchema>;
export const CONSULT_STATUS_LABELS: Record<ConsultStatus, string> = {
  new: 'Waiting for the lab',
  answered: 'Answered',
  ordered: 'Ordered',
};
/** The lab answers within one business day (what the best labs promise). */
export const CONSULT_ANSWER_TARGET_BUSINESS_DAYS = 1;

/** The lens on the eye: a line of a past order (practice requests only) or typed in. */
export const currentLensSchema = lazySchema(() =>
  z.strictObject({
    /** The past order this lens came from: "Order this" then remakes it (under warranty when still inside it). */
    fromOrderId: z.optional(orderIdSchema),
    lensId: z.optional(idSchema('Lens design')),
    designName: requiredLine('Lens design', 80),
    parameters: z._default(parameterValuesSchema, {}),
  }),
);
export type CurrentLens = z.infer<typeof currentLensSchema>;

/** The question, the same on the practice's and the public form. */
export const consultQuestionSchema = lazySchema(() => multiLineText('Question', 2000));

/** A signed-in practice's request, for one of its accounts; files are attached after it is stored. */
export const submitConsultInputSchema = lazySchema(() =>
  z.strictObject({
    consultId: consultIdSchema,
    accountNumber: accountNumberSchema,
    patientReference: requiredLine('Patient reference', 80),
    eye: eyeSchema,
    currentLens: currentLensSchema,
    observations: z.optional(troubleshooterInputSchema),
    question: consultQuestionSchema,
  }),
);
export type SubmitConsultInput = z.input<typeof submitConsultInputSchema>;

/** Who asked: a practice user, or a visitor (a lead the lab can link to a practice). */
export const consultRequesterSchema = lazySchema(() =>
  z.object({
    userId: z.optional(z.string()),
    name: z.string(),
    email: z.string(),
    practiceName: z.optional(z.string()),
    licenceNumber: z.optional(z.string()),
    phone: z.optional(z.string()),
  }),
);

/** A consult request (table `consults`, pk consultId). */
export const consultSchema = lazySchema(() =>
  z.object({
    consultId: z.string(),
    /** "AVC-000042": what the requester quotes. */
    reference: z.string(),
    source: z.enum(['practice', 'public']),
    status: consultStatusSchema,
    /** The practice's account; for a public request, absent until the lab links the lead to a practice. */
    accountNumber: z.optional(z.string()),
    requester: consultRequesterSchema,
    /** Patient reference (practice) or initials (public). */
    patient: z.string(),
    eye: eyeSchema,
    currentLens: currentLensSchema,
    observations: z.optional(troubleshooterInputSchema),
    /** The suggestions the rules gave for the observations, worked out again on the server when it was sent. */
    suggestions: z.array(suggestionSchema),
    question: z.string(),
    reply: z.optional(consultReplySchema),
    /** Orders placed from the answer ("Order this"). */
    orderIds: z._default(z.array(z.string()), []),
    createdAt: z.string(),
    statusAt: z.string(),
    updatedAt: z.string(),
    version: z.number().check(z.int(), z.nonnegative()),
  }),
);
export type Consult = z.infer<typeof consultSchema>;
/** What a practice sees of its consult: the lab's staff ids stay with the lab. */
export const customerConsultSchema = lazySchema(() =>
  z.extend(consultSchema, {
    reply: z.optional(z.extend(z.omit(consultReplySchema, { by: true }), { by: z.object({ name: z.string() }) })),
  }),
);
export type CustomerConsult = z.infer<typeof customerConsultSchema>;

export const consultIdInputSchema = lazySchema(() => z.strictObject({ consultId: consultIdSchema }));

export const CONSULT_PAGE = { max: 100, defaultLimit: 25 } as const;
export const listAccountConsultsInputSchema = lazySchema(() =>
  z.strictObject({
    accountNumber: accountNumberSchema,
    limit: pageLimitSchema(CONSULT_PAGE.max, CONSULT_PAGE.defaultLimit),
    cursor: z.optional(pageCursorSchema),
  }),
);
export const customerConsultPageSchema = lazySchema(() => pageSchema(customerConsultSchema));

/** The lab's queue: one status, oldest first. */
export const listConsultsInputSchema = lazySchema(() =>
  z._default(
    z.optional(
      z.strictObject({
        status: z._default(consultStatusSchema, 'new'),
        limit: pageLimitSchema(CONSULT_PAGE.max, CONSULT_PAGE.defaultLimit),
        cursor: z.optional(pageCursorSchema),
      }),
    ),
    { status: 'new', limit: CONSULT_PAGE.defaultLimit },
  ),
);
export const consultPageSchema = lazySchema(() => pageSchema(consultSchema));

/** The one message for "no such consult" and "not your practice's consult", so ids cannot be probed. */
export const CONSULT_NOT_FOUND = 'Consult not found';

// ---------------------------------------------------------------------------------------------------------
// Consult files: photos, OCT and topography a practice attaches to its request, with the order attachment
// rules (types, 50 MB, 10 files, the server reads the first bytes before a file counts).

export const consultUploadUrlInputSchema = lazySchema(() =>
  // Strict as the order schema is (omit and extend keep its catchall).
  z.extend(z.omit(generateUploadUrlInputSchema, { orderId: true }), { consultId: consultIdSchema }),
);
export const consultFileInputSchema = lazySchema(() =>
  z.extend(z.omit(orderFileInputSchema, { orderId: true }), { consultId: consultIdSchema }),
);
