import { CHANGED_MESSAGES, FORM_MESSAGES } from '../../../../../core/messages';
import { useState } from 'react';
import { UnsavedChangesPrompt } from '../../../components/unsaved-changes-prompt';
import { replyToConsultInputSchema, type Consult } from '../../../../../core/schemas/consults';
import type { LensDesign } from '../../../../../core/schemas/lenses';
import { ConflictAlert } from '../../../components/reload-latest-alert';
import { Button } from '../../../components/ui/button';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { displayParameterValue } from '../../../../../core/rules/lens-parameters';
import layout from '../../../components/form-layout.module.css';
import { FormError } from '../../../forms/form-error';
import { SubmitButton } from '../../../forms/submit-button';
import { usePortalForm } from '../../../forms/use-portal-form';
import type { FormErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { DesignSelect, ParameterField, parseParameter } from '../../orders';
import { useReplyToConsult } from '../api/lab-consults';
import {
  parameterPath,
  proposalErrors,
  replyDesignErrors,
  replyInputOf,
  replyValuesOf,
  startFromSuggestions,
} from './reply-form-values';
import styles from './lab-consults.module.css';

/** What "Start from the suggestions" did, said beside the button. */
function startedText(applied: number, skipped: readonly { reason: string }[]): string {
  const what =
    applied === 0
      ? 'Filled from the current lens; no suggestion changes a parameter of this design.'
      : `Filled from the current lens with ${applied} suggested change${applied === 1 ? '' : 's'} applied.`;
  return skipped.length ? `${what} Not applied: ${skipped.map((s) => s.reason).join(' ')}` : what;
}

/**
 * The lab's answer: text plus a proposed parameter set for a catalogue design, checked against the design's
 * ranges as the user types and again by the server (its field messages land on the same fields). "Start
 * from the suggestions" fills the fields from the current lens with the troubleshooter's changes applied.
 * The version read is sent: when another admin answered first, what was typed stays here and "Reload latest"
 * shows their answer, after which sending replaces it.
 */
export function ConsultReplyForm({
  consult,
  designs,
  onReload,
  onDone,
  onCancel,
}: {
  consult: Consult;
  /** The active catalogue designs a proposal may name. */
  designs: readonly LensDesign[];
  onReload: () => Promise<unknown>;
  onDone: () => void;
  /** Present when changing an answer: closes the form without sending. */
  onCancel?: () => void;
}) {
  const reply = useReplyToConsult();
  const designOf = (lensId: string | undefined) => designs.find((d) => d.lensId === lensId);
  const form = usePortalForm({
    initial: replyValuesOf(consult, designs),
    schema: replyToConsultInputSchema,
    input: (values) => replyInputOf(consult, values, designOf(values.proposal.lensId)),
    check: (values) => replyDesignErrors(values, designOf(values.proposal.lensId)),
    invalidMessage: FORM_MESSAGES.correctMarkedFields,
    failureMessage: 'The answer could not be sent.',
    onReload,
    submit: async (input) => {
      await reply.mutateAsync(input);
      notify('success', `Answer to ${consult.reference} sent.`);
      onDone();
    },
  });
  const { values, busy } = form;
  // An answer being typed is not lost to a stray menu click or a closed tab.
  const dirty = !reply.isSuccess && form.dirty;
  const [started, setStarted] = useState<string | null>(null);

  const design = designOf(values.proposal.lensId);
  const currentDesign = designOf(consult.currentLens.lensId);
  // Range and step messages appear as the user types; "required" ones only after a send.
  const errors: FormErrors = { ...proposalErrors(design, values.proposal.parameters, false), ...form.errors };

  /** "Changed from …" beside a proposed value that differs from the current lens, when the design is the same. */
  const changedFrom = (key: string): string | undefined => {
    if (!design || design.lensId !== consult.currentLens.lensId) return undefined;
    const def = design.parameters.find((p) => p.key === key);
    if (!def) return undefined;
    const before = consult.currentLens.parameters[key];
    const now = parseParameter(def, values.proposal.parameters[key]);
    // An empty field is not a change yet: the lab has not proposed a value there.
    if (now === undefined || before === now) return undefined;
    return displayParameterValue(def, before);
  };

  function start() {
    const target = design ?? currentDesign;
    if (!target) {
      setStarted(null);
      form.showErrors({ 'proposal.lensId': 'Choose the proposed lens design first' });
      return;
    }
    const result = startFromSuggestions(consult, target);
    form.set('proposal', { lensId: target.lensId, parameters: result.parameters });
    setStarted(startedText(result.applied.length, result.skipped));
  }

  const canStart = consult.suggestions.some((s) => s.change) || Object.keys(consult.currentLens.parameters).length > 0;
  return (
    <form id={form.formId} className={layout.form} onSubmit={form.submit} noValidate aria-label="Answer">
      <UnsavedChangesPrompt when={dirty} />
      <TextAreaField
        label="Answer"
        rows={6}
        maxLength={4000}
        required
        hint="What the practice reads: what to change and why. The requester is emailed when you send it."
        {...form.field('text')}
      />
      <fieldset className={layout.section}>
        <legend className={layout.legend}>Proposed lens</legend>
        <div className={styles.startRow}>
          <Button variant="secondary" size="sm" onClick={start} disabled={!canStart}>
            Start from the suggestions
          </Button>
          <p className={styles.muted} role="status">
            {started ?? ''}
          </p>
        </div>
        <DesignSelect
          label="Lens design"
          designs={designs}
          value={values.proposal.lensId}
          error={errors['proposal.lensId']}
          showPrices={false}
          onChange={(lensId) => form.set('proposal.lensId', lensId)}
        />
        {design ? (
          <div className={styles.paramFields}>
            {design.parameters.map((def) => (
              <ParameterField
                key={def.key}
                def={def}
                name={parameterPath(def.key)}
                value={values.proposal.parameters[def.key] ?? ''}
                error={errors[parameterPath(def.key)]}
                changedFrom={changedFrom(def.key)}
                onChange={(text) => form.set(parameterPath(def.key), text)}
              />
            ))}
          </div>
        ) : null}
      </fieldset>
      <ConflictAlert conflict={form.conflict} title={CHANGED_MESSAGES.consult}>
        Your answer is still in the form. Reload to see the consult as it is now; sending then replaces the answer
        there.
      </ConflictAlert>
      <FormError message={form.formError} />
      <div className={layout.actions}>
        <SubmitButton busy={busy}>{consult.reply ? 'Send the changed answer' : 'Send answer'}</SubmitButton>
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
