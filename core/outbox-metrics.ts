/**
 * The outbox's dead letters as on-call hears of them: the line the consumer logs at error level when it parks a
 * notice in the dead-letter store (lambdas/use-cases/notices/deliver-notices.ts), and the metric the stage's
 * log filters count from it for an alarm (infra/constructs/monitoring.ts). One home, so rewording the line
 * cannot silence the alarm.
 */
export const NOTICE_PARKED_METRIC = {
  logLine: 'notice parked in the dead-letter store',
  namespace: 'Lenslab/Outbox',
  /**
   * One metric per stage (staging and prod may share an account): a log filter's dimensions can only be fields
   * of the line, and the line does not name its stage.
   */
  name: (stage: string) => `NoticesParked-${stage}`,
} as const;
