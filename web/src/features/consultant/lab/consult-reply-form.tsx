import { CHANGED_MESSAGES, FORM_MESSAGES } from '../../../../../core/messages';
import { useId, useState } from 'react';
import { UnsavedChangesPrompt } from '../../../components/unsaved-changes-prompt';
import type { Consult } from '../../../../../core/schemas/consult';
import type { LensDesign } from '../../../../../core/schemas/lens';
import { ReloadLatestAlert } from '../../../components/reload-latest-alert';
import { Button } from '../../../components/ui/button';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { displayParameterValue } from '../../../components/orders';
import layout from '../../../components/form-layout.module.css';
import { FormError } from '../../../forms/form-error';
import { SubmitButton } from '../../../forms/submit-button';
import { useSubmission } from '../../../forms/use-submission';
import { useVersionConflict } from '../../../hooks/use-version-conflict';
import { formMessageFor, serverFormErrors, type FormErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { DesignSelect, ParameterField, parseParameter } from '../../orders';
import { useReplyToConsult } from '../api/lab-consults';
import {
  checkReply,
  parameterPath,
  proposalErrors,
  replyValuesOf,
  startFromSuggestions,
  type ReplyValues,
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
  const formId = useId();
  const reply = useReplyToConsult();
  const [values, setValues] = useState<ReplyValues>(() => replyValuesOf(consult, designs));
  // What the form opened with: an answer being typed is not lost to a stray menu click or a closed tab.
  const [opened] = useState(values);
  const dirty = !reply.isSuccess && JSON.stringify(values) !== JSON.stringify(opened);
  const [submitErrors, setSubmitErrors] = useState<FormErrors>({});
  // The values' paths are not the schema's (a proposal built from typed parameter texts), so the form keeps
  // its own messages and takes only the submit's plumbing from the shared hook.
  const { busy, formError, setFormError, onSubmit } = useSubmission();
  const [started, setStarted] = useState<string | null>(null);
  const { conflict, clearConflict, caught, reloading, reload } = useVersionConflict(onReload);

  const design = designs.find((d) => d.lensId === values.lensId);
  const currentDesign = designs.find((d) => d.lensId === consult.currentLens.lensId);
  // Range and step messages appear as the user types; "required" ones only after a send.
  const errors: FormErrors = { ...proposalErrors(design, values.parameters, false), ...submitErrors };

  const clearError = (path: string) =>
    setSubmitErrors((current) => {
      if (!(path in current)) return current;
      const { [path]: _cleared, ...rest } = current;
      return rest;
    });

  const setParameter = (key: string, text: string) => {
    setValues((current) => ({ ...current, parameters: { ...current.parameters, [key]: text } }));
    clearError(parameterPath(key));
  };

  /** "Changed from …" beside a proposed value that differs from the current lens, when the design is the same. */
  const changedFrom = (key: string): string | undefined => {
    if (!design || design.lensId !== consult.currentLens.lensId) return undefined;
    const def = design.parameters.find((p) => p.key === key);
    if (!def) return undefined;
    const before = consult.currentLens.parameters[key];
    const now = parseParameter(def, values.parameters[key]);
    // An empty field is not a change yet: the lab has not proposed a value there.
    if (now === undefined || before === now) return undefined;
    return displayParameterValue(def, before);
  };

  function start() {
    const target = design ?? currentDesign;
    if (!target) {
      setStarted(null);
      setSubmitErrors((current) => ({ ...current, 'proposal.lensId': 'Choose the proposed lens design first' }));
      return;
    }
    const result = startFromSuggestions(consult, target);
    setValues((current) => ({ ...current, lensId: target.lensId, parameters: result.parameters }));
    setSubmitErrors((current) =>
      Object.fromEntries(Object.entries(current).filter(([path]) => !path.startsWith('proposal.'))),
    );
    setStarted(startedText(result.applied.length, result.skipped));
  }

  const focusFirstInvalid = () =>
    requestAnimationFrame(() =>
      document.getElementById(formId)?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
    );

  async function submit() {
    clearConflict();
    const checked = checkReply(consult, values, design);
    if (!checked.ok) {
      setSubmitErrors(checked.errors);
      setFormError(FORM_MESSAGES.correctMarkedFields);
      focusFirstInvalid();
      return;
    }
    try {
      await reply.mutateAsync(checked.input);
      notify('success', `Answer to ${consult.reference} sent.`);
      onDone();
    } catch (error) {
      if (caught(error)) return;
      const fieldErrors = serverFormErrors(error);
      setSubmitErrors(fieldErrors);
      setFormError(formMessageFor(error, fieldErrors, 'The answer could not be sent.'));
      if (Object.keys(fieldErrors).length) focusFirstInvalid();
    }
  }

  const canStart = consult.suggestions.some((s) => s.change) || Object.keys(consult.currentLens.parameters).length > 0;
  return (
    <form id={formId} className={layout.form} onSubmit={onSubmit(submit)} noValidate aria-label="Answer">
      <UnsavedChangesPrompt when={dirty} />
      <TextAreaField
        label="Answer"
        rows={6}
        maxLength={4000}
        required
        value={values.text}
        hint="What the practice reads: what to change and why. The requester is emailed when you send it."
        error={errors['text']}
        onChange={(event) => {
          const text = event.target.value;
          setValues((current) => ({ ...current, text }));
          clearError('text');
        }}
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
          value={values.lensId}
          error={errors['proposal.lensId']}
          showPrices={false}
          onChange={(lensId) => {
            setValues((current) => ({ ...current, lensId }));
            clearError('proposal.lensId');
          }}
        />
        {design ? (
          <div className={styles.paramFields}>
            {design.parameters.map((def) => (
              <ParameterField
                key={def.key}
                def={def}
                name={parameterPath(def.key)}
                value={values.parameters[def.key] ?? ''}
                error={errors[parameterPath(def.key)]}
                changedFrom={changedFrom(def.key)}
                onChange={(text) => setParameter(def.key, text)}
              />
            ))}
          </div>
        ) : null}
      </fieldset>
      {conflict ? (
        <ReloadLatestAlert title={CHANGED_MESSAGES.consult} reloading={reloading} onReload={() => void reload()}>
          Your answer is still in the form. Reload to see the consult as it is now; sending then replaces the answer
          there.
        </ReloadLatestAlert>
      ) : null}
      <FormError message={formError} />
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
