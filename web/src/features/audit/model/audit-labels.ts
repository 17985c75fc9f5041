import type { AuditAction } from '../../../../../core/schemas/audit';

/** How the Audit page names each action (the select's options and the Action column). */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'access.unauthenticated': 'Refused: not signed in (401)',
  'access.denied': 'Refused: no access (403)',
  'access.hidden-not-found': 'Refused: not theirs (404)',
  'user.create': 'User created',
  'user.delete': 'User deleted',
  'user.status': 'User enabled or disabled',
  'user.role': 'User role changed',
  'user.verify-email': 'User email marked verified',
  'user.reset-password': 'User password reset',
  'practice.create': 'Practice created',
  'practice.update': 'Practice edited',
  'practice.link-user': 'User linked to practice',
  'practice.unlink-user': 'User unlinked from practice',
  'account-request.approve': 'Account request approved',
  'account-request.reject': 'Account request rejected',
  'lens.create': 'Lens design created',
  'lens.update': 'Lens design edited',
  'email-template.update': 'Email template edited',
  'lab-recipients.update': 'Lab recipients changed',
  'email.send': 'Email sent',
  'email.send-test': 'Test email sent',
  'order.approve': 'Order approved',
  'order.hold': 'Order put on hold',
  'order.reject': 'Order rejected',
  'order.close': 'Order closed',
  'invoice.create': 'Invoice recorded',
  'invoice.void': 'Invoice voided',
  'invoice.offline-payment': 'Offline payment recorded',
  'credit.goodwill': 'Goodwill credit granted',
  'claim.approve': 'Warranty claim approved',
  'claim.deny': 'Warranty claim denied',
  'claim.return-received': 'Claimed lens received',
  'consult.reply': 'Consult answered',
  'consult.link': 'Consult linked to practice',
  'consultant-settings.update': 'Consultant settings changed',
};

/** A stored action's label; an action this version does not know shows as stored. */
export const actionLabel = (action: string) => AUDIT_ACTION_LABELS[action as AuditAction] ?? action;
