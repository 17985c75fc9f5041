import { FORM_MESSAGES } from '../../../../../core/messages';
import { useState } from 'react';
import {
  HONEYPOT_FIELD,
  PUBLIC_CONSULT_RATE_MESSAGE,
  submitPublicConsultInputSchema,
  type ConsultantDesign,
  type Suggestion,
  type SubmitPublicConsultInput,
} from '../../../../../core/schemas/consults';
import { EYE_LABELS, EYES } from '../../../../../core/schemas/orders';
import layout from '../../../components/form-layout.module.css';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { FormError } from '../../../forms/form-error';
import { SubmitButton } from '../../../forms/submit-button';
import { usePortalForm } from '../../../forms/use-portal-form';
import { isCallableError } from '../../../lib/callable-error';
import {
  DIAMETER_KEY,
  initialPublicConsultValues,
  lensParameterErrors,
  OTHER_DESIGN,
  publicConsultInputOf,
  type PublicConsultFormValues,
  SAG_KEY,
} from '../model/public-consult-form';
import type { TroubleshooterHandoff } from '../model/troubleshooter-handoff';
import { ChoiceGroup } from './choice-group';
import { ObservationsSummary } from './observations-summary';
import { SuggestionList } from './suggestion-list';
import styles from './ask-consultant.module.css';
import { DECIMAL_INPUT, WHOLE_NUMBER_INPUT } from '../../../forms/number-inputs';

export interface PublicConsultFormProps {
  designs: readonly ConsultantDesign[];
  /** What the troubleshooter carried over, or null. */
  handoff: TroubleshooterHandoff | null;
  /** The rules' suggestions for the carried-over observations (the server works them out again). */
  suggestions: readonly Suggestion[];
  /** The visitor takes the troubleshooter's findings off the request. */
  onRemoveObservations: () => void;
  /** Sends the checked request; resolves with the reference number. */
  onSubmit: (input: SubmitPublicConsultInput) => Promise<unknown>;
}

/**
 * A visitor's consult request, checked with the route's own schema so the messages at each field are the
 * server's. The consult id is made once, when the form opens, and kept across retries: a retry after a lost
 * answer is the same request, not a second one. The honeypot field is out of sight, out of the tab order and
 * hidden from assistive technology; only bots fill it.
 */
export function PublicConsultForm({
  designs,
  handoff,
  suggestions,
  onRemoveObservations,
  onSubmit,
}: PublicConsultFormProps) {
  const [consultId] = useState(() => globalThis.crypto.randomUUID());
  const inputOf = (values: PublicConsultFormValues) =>
    publicConsultInputOf(values, { consultId, designs, observations: handoff?.observations ?? null });
  const form = usePortalForm({
    initial: initialPublicConsultValues(handoff, designs),
    schema: submitPublicConsultInputSchema,
    input: inputOf,
    // The typed parameters' own messages say more than the schema's generic one for a value that is not a number.
    check: lensParameterErrors,
    invalidMessage: 'Please correct the fields marked above.',
    failureMessage: FORM_MESSAGES.requestNotSent,
    submit: async (_checked, values) => {
      try {
        await onSubmit(inputOf(values));
      } catch (error) {
        if (!isCallableError(error) || error.status !== 'resource-exhausted') throw error;
        form.setFormError(PUBLIC_CONSULT_RATE_MESSAGE);
      }
    },
  });
  const sending = form.busy;

  const choice = form.values.designChoice;
  const typedDesign = designs.length === 0 || choice === OTHER_DESIGN;
  const designError = form.errors['currentLens.designName'] ?? form.errors['currentLens.lensId'];

  return (
    <form id={form.formId} className={layout.form} onSubmit={form.submit} noValidate>
      <fieldset className={layout.section}>
        <legend className={layout.legend}>You and your practice</legend>
        <TextField label="Practice name" autoComplete="organization" required {...form.field('practiceName')} />
        <TextField label="Your name" autoComplete="name" required {...form.field('contactName')} />
        <div className={layout.row}>
          <TextField label="Email" type="email" autoComplete="email" required {...form.field('email')} />
          <TextField label="Phone (optional)" type="tel" autoComplete="tel" {...form.field('phone')} />
        </div>
        <TextField
          label="License number"
          autoComplete="off"
          required
          hint="Your professional license number: the lab answers licensed fitters."
          {...form.field('licenceNumber')}
        />
      </fieldset>

      <fieldset className={layout.section}>
        <legend className={layout.legend}>Patient and lens</legend>
        <TextField
          label="Patient initials"
          autoComplete="off"
          maxLength={3}
          required
          hint="Initials only, 1 to 3 letters: this form is not behind a sign-in, so it takes no names or dates of birth."
          {...form.field('patientInitials')}
        />
        <ChoiceGroup
          legend="Eye"
          name="eye"
          choices={EYES.map((eye) => ({ value: eye, label: EYE_LABELS[eye] }))}
          value={form.values.eye}
          onChange={(eye) => form.set('eye', eye)}
          error={form.errors['eye']}
        />
        {designs.length > 0 ? (
          <SelectField
            label="Current lens"
            placeholder="Choose the lens on the eye"
            options={[
              ...designs.map((d) => ({ value: d.lensId, label: d.name })),
              { value: OTHER_DESIGN, label: 'Another lens (type its name)' },
            ]}
            required
            {...form.field('designChoice')}
            error={typedDesign ? undefined : designError}
          />
        ) : null}
        {typedDesign ? (
          <TextField
            label="Lens design name"
            autoComplete="off"
            required
            {...form.field('currentLens.designName')}
            error={designError}
          />
        ) : null}
        <div className={layout.row}>
          <TextField
            label="Sag (µm, optional)"
            {...WHOLE_NUMBER_INPUT}
            {...form.field(`currentLens.parameters.${SAG_KEY}`)}
          />
          <TextField
            label="Diameter (mm, optional)"
            {...DECIMAL_INPUT}
            {...form.field(`currentLens.parameters.${DIAMETER_KEY}`)}
          />
        </div>
      </fieldset>

      {handoff ? (
        <section className={styles.carried} aria-labelledby="ask-carried-over">
          <div className={styles.carriedHeader}>
            <h2 id="ask-carried-over" className={layout.legend}>
              From the troubleshooter
            </h2>
            <Button variant="ghost" size="sm" onClick={onRemoveObservations}>
              Remove from the request
            </Button>
          </div>
          <p className={layout.note}>
            Sent with your question, as you entered them. The lab sees the same suggestions.
          </p>
          <ObservationsSummary observations={handoff.observations} designs={designs} />
          <h3 className={styles.carriedTitle}>Suggestions</h3>
          <SuggestionList suggestions={suggestions} headingLevel={4} />
        </section>
      ) : null}

      <fieldset className={layout.section}>
        <legend className={layout.legend}>Your question</legend>
        <TextAreaField
          label="Question"
          rows={6}
          required
          hint="What you see and what you would like to know, e.g. 'Central clearance 450 µm at 30 minutes: how much sag to take off?'"
          {...form.field('question')}
        />
        <p className={layout.note}>
          Visitors cannot attach images. Practices with an account can sign in to attach photos, OCT and topography.
        </p>
      </fieldset>

      {/* Only bots fill this: it is out of sight, out of the tab order and hidden from screen readers. */}
      <div className="visually-hidden" aria-hidden="true">
        <label htmlFor={`${form.formId}-${HONEYPOT_FIELD}`}>Website</label>
        <input
          id={`${form.formId}-${HONEYPOT_FIELD}`}
          type="text"
          name={HONEYPOT_FIELD}
          tabIndex={-1}
          autoComplete="off"
          value={form.values[HONEYPOT_FIELD]}
          onChange={(event) => form.set(HONEYPOT_FIELD, event.target.value)}
        />
      </div>

      <FormError message={form.formError} />
      <div className={layout.actions}>
        <SubmitButton busy={sending}>{sending ? 'Sending…' : 'Send to a consultant'}</SubmitButton>
      </div>
    </form>
  );
}
