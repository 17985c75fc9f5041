/** What other parts use of the notices domain: the outbox consumer (the sweep job and the stream handler wire it). */
export {
  deliverDueNotices,
  deliverEach,
  deliverMessage,
  redriveDeadNotices,
  recipientKey,
  type DeliverNoticesDeps,
  type DeliveryReport,
} from './deliver-notices';
