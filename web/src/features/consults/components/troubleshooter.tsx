import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  DEFAULT_TROUBLESHOOTER_SETTINGS,
  type TroubleshooterObservations,
  type TroubleshooterResult as Result,
} from '../../../../../core/schemas/consults';
import { troubleshoot } from '../../../../../core/rules/scleral-troubleshooter';
import { PAGE_PATHS } from '../../../../../core/page-paths';
import layout from '../../../components/form-layout.module.css';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { usePortalForm } from '../../../forms/use-portal-form';
import { useConsultantSetup } from '../api/public-consultant';
import { clearTroubleshooterHandoff, saveTroubleshooterHandoff } from '../model/troubleshooter-handoff';
import {
  checkObservations,
  EMPTY_TROUBLESHOOTER_FORM,
  stepErrors,
  TROUBLESHOOTER_STEPS,
} from '../model/troubleshooter-form';
import { LandingStep, LensStep, OverRefractionStep, TestsStep, WearStep } from './troubleshooter-steps';
import { TroubleshooterResult } from './troubleshooter-result';
import pages from './consultant-pages.module.css';
import styles from './troubleshooter.module.css';

const RESULT_STEP = TROUBLESHOOTER_STEPS.length - 1;

/**
 * The public scleral fit troubleshooter: six steps from the lens on the eye to the rules' suggestions, worked
 * out in the browser with the lab's current settings (the setup is the only call it makes). Each step is
 * checked with the observations schema before the next; the step heading takes focus when the step changes,
 * so keyboard and screen-reader users start at the top of the new step.
 */
export function Troubleshooter() {
  const setup = useConsultantSetup();
  const navigate = useNavigate();
  const [step, setStep] = useState(0);
  const [answer, setAnswer] = useState<{ observations: TroubleshooterObservations; result: Result } | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const stepChanged = useRef(false);

  const designs = setup.data?.designs ?? [];
  // Without the lab's settings the rules still run, on the published numbers and the lab's first defaults.
  const settings = setup.data?.settings ?? DEFAULT_TROUBLESHOOTER_SETTINGS;

  useEffect(() => {
    if (stepChanged.current) heading.current?.focus();
  }, [step]);

  function goTo(next: number) {
    stepChanged.current = true;
    setStep(next);
  }

  // Each step is checked before the next; the last one checks all of them with the observations schema.
  const form = usePortalForm({
    initial: EMPTY_TROUBLESHOOTER_FORM,
    check: (values) => stepErrors(values, designs, step),
    failureMessage: 'The suggestions could not be worked out.',
    submit: async (_checked, values) => {
      if (step < RESULT_STEP - 1) return goTo(step + 1);
      const checked = checkObservations(values, designs);
      if (!checked.ok) {
        // An earlier step's value no longer holds (the design's ranges came in late): go back to it.
        const first = TROUBLESHOOTER_STEPS.findIndex((_, i) => Object.keys(stepErrors(values, designs, i)).length);
        goTo(Math.max(0, first));
        form.showErrors(checked.errors);
        return;
      }
      setAnswer({ observations: checked.observations, result: troubleshoot(checked.observations, settings) });
      goTo(RESULT_STEP);
    },
  });

  function askAboutThis() {
    if (!answer) return;
    saveTroubleshooterHandoff({ observations: answer.observations, eye: form.values.eye || undefined });
    navigate(PAGE_PATHS.consultantAsk);
  }

  function startOver() {
    clearTroubleshooterHandoff();
    form.reset(EMPTY_TROUBLESHOOTER_FORM);
    setAnswer(null);
    goTo(0);
  }

  const current = TROUBLESHOOTER_STEPS[step]!;

  return (
    <>
      <h1 className={pages.title}>Scleral fit troubleshooter</h1>
      <p className={pages.lead}>
        Describe the Ampleye or other scleral lens on the eye; the troubleshooter suggests what to change and why.
        Everything stays in this browser tab until you choose to ask a consultant.
      </p>
      {setup.isError ? (
        <Alert tone="warning" title="The lab's current settings could not be loaded">
          The troubleshooter uses its default settings instead, and the design list is not available: choose
          &quot;Another lens&quot; and enter its diameter and sag.
        </Alert>
      ) : null}

      <ol className={styles.progress} aria-label="Steps">
        {TROUBLESHOOTER_STEPS.map((s, index) => (
          <li
            key={s.title}
            aria-current={index === step ? 'step' : undefined}
            className={index === step ? styles.currentStep : index < step ? styles.doneStep : ''}
          >
            {s.title}
            {index < step ? <span className="visually-hidden"> (done)</span> : null}
          </li>
        ))}
      </ol>

      <section className={`${pages.panel} ${styles.stepPanel}`} aria-labelledby="troubleshooter-step">
        <h2 id="troubleshooter-step" ref={heading} tabIndex={-1} className={styles.stepHeading}>
          <span className={styles.stepCount}>
            {`Step ${step + 1} of ${TROUBLESHOOTER_STEPS.length}`}
            <span className="visually-hidden">:</span>
          </span>{' '}
          <span className={styles.stepTitle}>{current.title}</span>
        </h2>

        {step === RESULT_STEP && answer ? (
          <>
            <TroubleshooterResult
              result={answer.result}
              observations={answer.observations}
              settings={settings}
              designs={designs}
            />
            <div className={layout.actions}>
              <Button onClick={askAboutThis}>Ask a consultant about this</Button>
              <Button variant="secondary" onClick={() => goTo(RESULT_STEP - 1)}>
                Back
              </Button>
              <Button variant="ghost" onClick={startOver}>
                Start over
              </Button>
            </div>
          </>
        ) : (
          <form id={form.formId} className={layout.form} onSubmit={form.submit} noValidate>
            {step === 0 ? <LensStep form={form} designs={designs} loadingDesigns={setup.isPending} /> : null}
            {step === 1 ? <WearStep form={form} settings={settings} /> : null}
            {step === 2 ? <LandingStep form={form} /> : null}
            {step === 3 ? <TestsStep form={form} /> : null}
            {step === 4 ? <OverRefractionStep form={form} /> : null}
            <div className={`${layout.actions} ${styles.stepActions}`}>
              {step > 0 ? (
                <Button variant="secondary" onClick={() => goTo(step - 1)}>
                  Back
                </Button>
              ) : null}
              <Button type="submit">{step === RESULT_STEP - 1 ? 'See suggestions' : 'Next'}</Button>
            </div>
          </form>
        )}
      </section>
    </>
  );
}
