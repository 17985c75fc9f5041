import { PAGE_PATHS, pagePaths } from '../../../../../core/page-paths';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { submitConsultInputSchema, type CustomerConsult } from '../../../../../core/schemas/consults';
import { EYE_LABELS, EYES } from '../../../../../core/schemas/orders';
import formStyles from '../../../components/form-layout.module.css';
import { PageHeader } from '../../../components/page-header';
import { Alert } from '../../../components/ui/alert';
import { Spinner } from '../../../components/ui/spinner';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { FormError } from '../../../forms/form-error';
import { SubmitButton } from '../../../forms/submit-button';
import { usePortalForm } from '../../../forms/use-portal-form';
import { serverFormErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useConsultLensDesigns, usePastOrder, useSubmitConsult } from '../api/customer-consults';
import { ChoiceGroup } from '../components/choice-group';
import { clearTroubleshooterHandoff, readTroubleshooterHandoff } from '../model/troubleshooter-handoff';
import { ConsultFilesField, UploadProgressList, type ConsultFileUploads, type FileUpload } from './consult-files-field';
import { CurrentLensFields } from './current-lens-fields';
import {
  consultFormErrors,
  consultInputOf,
  emptyConsultValues,
  typedLensErrors,
  type ConsultFormContext,
} from './new-consult-values';
import { TroubleshooterFindings } from './troubleshooter-findings';
import styles from './customer-consults.module.css';

const EYE_CHOICES = EYES.map((eye) => ({ value: eye, label: EYE_LABELS[eye] }));

/**
 * /customer/consults/new: a practice asks the lab's consultants about one eye's fit, for the account chosen
 * in the sidebar. The consult id is made once, so a retry after a lost answer stores one request. Files are
 * uploaded to the stored request afterwards; a file that fails leaves the request as sent and says which
 * file to add again from the consult's page.
 */
export function NewConsultPage({ accountNumber, uploads }: { accountNumber: string; uploads: ConsultFileUploads }) {
  const navigate = useNavigate();
  const [consultId] = useState(() => crypto.randomUUID());
  const [handoff, setHandoff] = useState(readTroubleshooterHandoff);
  const [files, setFiles] = useState<File[]>([]);
  const [sent, setSent] = useState<CustomerConsult | null>(null);
  const [fileUploads, setFileUploads] = useState<FileUpload[]>([]);
  const [uploadsFinished, setUploadsFinished] = useState(false);
  const submitConsult = useSubmitConsult();
  const designs = useConsultLensDesigns(accountNumber);
  const request = { consultId, accountNumber, observations: handoff?.observations ?? null };
  // The checks run when the form is sent and read `context` (below: the past order is read for the chosen
  // values) as it is then.
  const form = usePortalForm({
    initial: emptyConsultValues(handoff?.eye),
    schema: submitConsultInputSchema,
    input: (typed) => consultInputOf(typed, context, request),
    check: (typed) => consultFormErrors(typed, context),
    failureMessage: 'The request could not be sent. Check your connection and try again.',
    // One send at a time through the upload of the files: the form is busy until they are all done.
    submit: async (input) => {
      if (sent) return;
      let consult: CustomerConsult;
      try {
        consult = await submitConsult.mutateAsync(input);
      } catch (error) {
        // The summary above the form names what to correct; no form-level message beside it.
        const fieldErrors = serverFormErrors(error);
        if (Object.keys(fieldErrors).length === 0) throw error;
        form.showErrors(fieldErrors);
        return;
      }
      setSent(consult);
      // The findings are in the request now; the next request starts without them.
      clearTroubleshooterHandoff();
      const failed = await uploadAll(consult);
      if (failed.length === 0) {
        notify.success(`Consult ${consult.reference} sent to the lab`);
        navigate(pagePaths.consult(consult.consultId));
      }
    },
  });
  const { values } = form;
  const pastOrder = usePastOrder(values.lensSource === 'order' ? values.currentLens.fromOrderId : '');

  const context: ConsultFormContext = { pastOrder: pastOrder.data, designs: designs.data?.items ?? [] };
  // Range and step messages of typed parameters appear as the user types.
  const errors = { ...form.errors, ...typedLensErrors(values, context) };
  const busy = form.busy || sent !== null;

  async function uploadAll(consult: CustomerConsult): Promise<FileUpload[]> {
    setFileUploads(files.map((file) => ({ name: file.name, progress: 0 })));
    const patch = (name: string, change: Partial<FileUpload>) =>
      setFileUploads((all) => all.map((u) => (u.name === name ? { ...u, ...change } : u)));
    const results = await Promise.all(
      files.map((file) =>
        uploads
          .upload(consult.consultId, file, {
            onProgress: (progress) => patch(file.name, { progress, retrying: false }),
            onRetrying: () => patch(file.name, { retrying: true }),
          })
          .then(() => {
            const done = { name: file.name, progress: 100 };
            patch(file.name, done);
            return done;
          })
          .catch((error: unknown) => {
            const failed = { name: file.name, progress: 0, error: uploads.failureText(error) };
            patch(file.name, failed);
            return failed;
          }),
      ),
    );
    setUploadsFinished(true);
    return results.filter((r): r is FileUpload & { error: string } => 'error' in r);
  }

  const problems = Object.entries(form.errors);
  const failedUploads = fileUploads.filter((u) => u.error);
  const uploading = sent !== null && !uploadsFinished;

  return (
    <>
      <PageHeader
        title="Ask a Consultant"
        description={`Ask the lab's consultants about a fit, for account ${accountNumber}. The lab answers within one business day.`}
      />
      <form
        id={form.formId}
        className={`${formStyles.form} ${styles.form}`}
        noValidate
        aria-label="Consult request"
        onSubmit={form.submit}
      >
        {problems.length > 0 ? (
          <div className={styles.summary} role="alert" aria-labelledby="consult-problems">
            <h2 id="consult-problems">
              Please correct {problems.length === 1 ? '1 problem' : `${problems.length} problems`}
            </h2>
            <ul>
              {problems.map(([key, message]) => (
                <li key={key}>{message}</li>
              ))}
            </ul>
          </div>
        ) : null}
        <FormError message={form.formError} />

        <fieldset className={styles.section} disabled={busy}>
          <legend className={styles.legend}>Patient and eye</legend>
          <TextField
            label="Patient reference"
            hint="Your reference for the patient, as on your orders."
            required
            maxLength={80}
            autoComplete="off"
            {...form.field('patientReference')}
          />
          <ChoiceGroup
            legend="Eye"
            name="eye"
            choices={EYE_CHOICES}
            value={values.eye}
            error={errors.eye}
            onChange={(eye) => form.set('eye', eye, ['eye', 'currentLens.fromOrderId'])}
          />
        </fieldset>

        <fieldset className={styles.plain} disabled={busy}>
          <legend className="visually-hidden">The lens and the question</legend>
          {designs.isPending ? (
            <p className={styles.muted} role="status">
              <Spinner size={14} /> Loading the lens catalog…
            </p>
          ) : designs.isError ? (
            <Alert tone="error">The lens catalog could not be loaded. Reload the page to try again.</Alert>
          ) : (
            <CurrentLensFields
              accountNumber={accountNumber}
              values={values}
              designs={designs.data.items}
              pastOrder={{ order: pastOrder.data, loading: pastOrder.isFetching, failed: pastOrder.isError }}
              errors={errors}
              onChange={form.set}
            />
          )}

          <TroubleshooterFindings
            observations={handoff?.observations ?? null}
            onRemove={() => {
              clearTroubleshooterHandoff();
              setHandoff(null);
            }}
          />

          <fieldset className={styles.section}>
            <legend className={styles.legend}>Your question</legend>
            <TextAreaField
              label="Question for the consultant"
              hint="What you see and what you would like to change, with numbers where you have them."
              required
              maxLength={2000}
              rows={5}
              {...form.field('question')}
            />
          </fieldset>
        </fieldset>

        <ConsultFilesField files={files} uploads={uploads} onChange={setFiles} disabled={busy} />

        {sent ? (
          <section className={styles.section} aria-labelledby="consult-sent">
            <h2 id="consult-sent" className={styles.legend}>
              Consult {sent.reference} sent
            </h2>
            <UploadProgressList uploads={fileUploads} />
            <p className="visually-hidden" role="status" aria-live="polite">
              {uploading ? 'Uploading files…' : ''}
            </p>
            {!uploading && failedUploads.length > 0 ? (
              <Alert tone="error" title={`Your request ${sent.reference} was sent, but not every file was attached`}>
                <p>
                  Add {failedUploads.length === 1 ? 'this file' : 'these files'} again from the consult&apos;s page:{' '}
                  {failedUploads.map((u) => u.name).join(', ')}.
                </p>
                <Link to={pagePaths.consult(sent.consultId)}>Open consult {sent.reference}</Link>
              </Alert>
            ) : null}
          </section>
        ) : null}

        <div className={formStyles.actions}>
          <SubmitButton busy={form.busy} disabled={sent !== null}>
            Send to the lab
          </SubmitButton>
          <Link to={PAGE_PATHS.customerConsults}>Back to Consults</Link>
        </div>
      </form>
    </>
  );
}
