/**
 * The outbox consumer as a process of its own (tests/faults/), so a test can stop it or kill it mid-batch: it
 * runs the deliverNotices job's handler (lambdas/jobs/deliver-notices.ts) every OUTBOX_WORKER_EVERY_MS, with
 * the environment it was given, and prints each sweep's report as a JSON line.
 */
import { handler } from '../../lambdas/jobs/deliver-notices';

const every = Number(process.env.OUTBOX_WORKER_EVERY_MS ?? 200);
let running = true;
process.on('SIGTERM', () => {
  running = false;
});

while (running) {
  try {
    const report = await handler();
    if (report.sent + report.retry + report.dead > 0) process.stdout.write(`${JSON.stringify(report)}\n`);
  } catch (error) {
    process.stderr.write(`sweep failed: ${String(error)}\n`);
  }
  await new Promise((resolve) => setTimeout(resolve, every));
}
