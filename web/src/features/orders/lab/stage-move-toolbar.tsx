import { useState } from 'react';
import { stageIdsForStatus, stageLabel, type ProductionStage } from '../../../../../core/rules/production-stages';
import type { OrderSummary } from '../../../../../core/schemas/orders';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { SelectField } from '../../../components/ui/select-field';
import { useSubmission } from '../../../forms/use-submission';
import { failureMessage } from '../../../lib/form-errors';
import { useMoveOrderStages } from '../api/order-actions';
import { stageMovesInput, stageMoveReport, type StageMoveReport, type StageTarget } from './stage-moves';
import list from '../../../components/list-page.module.css';
import styles from './order-queue.module.css';

/**
 * The production tab's toolbar for the orders chosen on the page shown: "Select all", "Move to next stage", and
 * "Move to" one stage of the lab's list (the stages an order in production may stand at, the shared rule). One
 * moveOrderStages call carries every chosen order with the version the queue read; the answer is per order, so
 * the lab reads how many moved and, for each refused one, its number and the server's reason.
 */
export function StageMoveToolbar({
  rows,
  chosen,
  onChosenChange,
  stages,
}: {
  /** The orders of the page shown. */
  rows: readonly OrderSummary[];
  chosen: ReadonlySet<string>;
  onChosenChange: (next: ReadonlySet<string>) => void;
  /** The lab's stage list; null while it loads, 'failed' when it could not be read. */
  stages: readonly ProductionStage[] | null | 'failed';
}) {
  const mutation = useMoveOrderStages();
  const submission = useSubmission();
  const [report, setReport] = useState<StageMoveReport | null>(null);
  const [stage, setStage] = useState('');
  const count = rows.filter((row) => chosen.has(row.orderId)).length;
  const all = rows.length > 0 && count === rows.length;
  const { busy } = submission;
  const sendingNext = busy && mutation.variables?.moves[0]?.to === 'next';
  const stageList = Array.isArray(stages) ? stages : null;
  const options = stageList
    ? stageIdsForStatus(stageList, 'approved').map((id) => ({ value: id, label: stageLabel(stageList, id) }))
    : [];

  const move = (target: StageTarget) =>
    void submission.run(async () => {
      setReport(null);
      // The rows as they were sent: a refusal is named by the number the lab chose it by.
      const sent = [...rows];
      try {
        const output = await mutation.mutateAsync(stageMovesInput(sent, chosen, target));
        setReport(stageMoveReport(output, sent));
        onChosenChange(new Set());
      } catch (error) {
        submission.setFormError(failureMessage(error, 'The orders could not be moved. Try again.'));
      }
    });

  return (
    <>
      <div className={`${list.toolbar} ${styles.bulk}`} role="group" aria-label="Move orders between stages">
        <CheckboxField
          label="Select all on this page"
          className={styles.selectAll}
          checked={all}
          disabled={busy || rows.length === 0}
          onChange={(event) => onChosenChange(new Set(event.target.checked ? rows.map((row) => row.orderId) : []))}
        />
        <p className={styles.chosen}>{count === 1 ? '1 order selected' : `${count} orders selected`}</p>
        <Button variant="secondary" disabled={count === 0 || busy} loading={sendingNext} onClick={() => move('next')}>
          Move to next stage
        </Button>
        <SelectField
          label="Move to"
          className={list.toolbarSelect}
          placeholder={stageList ? 'Choose a stage' : stages === 'failed' ? 'Stages not loaded' : 'Loading stages…'}
          options={options}
          value={stage}
          disabled={busy || !stageList}
          {...(stages === 'failed' ? { hint: "The lab's stages could not be loaded: reload the page." } : {})}
          onChange={(event) => setStage(event.target.value)}
        />
        <Button
          variant="secondary"
          disabled={count === 0 || !stage || busy}
          loading={busy && !sendingNext}
          onClick={() => move({ stage })}
        >
          Move
        </Button>
      </div>
      {submission.formError ? <Alert tone="error" title={submission.formError} /> : null}
      {report ? (
        <Alert tone={report.refused.length > 0 ? 'warning' : 'success'} title={report.summary}>
          {report.refused.length > 0 ? (
            <>
              <ul className={styles.refused} aria-label="Orders not moved">
                {report.refused.map((refusal) => (
                  <li key={refusal.orderId}>
                    <strong>{refusal.number}</strong>: {refusal.message}
                  </li>
                ))}
              </ul>
              <p>The list now shows each order as it is: check them and move them again.</p>
            </>
          ) : null}
        </Alert>
      ) : null}
    </>
  );
}
