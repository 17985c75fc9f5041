import { describe, expect, it } from 'vitest';
import { EMAIL_KINDS } from '../../../core/schemas/email/email-kinds';
import {
  audienceOfGroups,
  choicesFor,
  effectiveChoices,
  emailsNow,
  eventOf,
  eventsFor,
  NOTIFICATION_EVENTS,
  showsInPortal,
} from '../../../core/rules/notification-events';

/** The notification centre's catalogue (core/rules/notification-events.ts): one list, defaults a practice would want. */
describe('the notification event catalog', () => {
  it('gives every event a unique id, and each kind raises at most one event per audience', () => {
    expect(new Set(NOTIFICATION_EVENTS.map((e) => e.id)).size).toBe(NOTIFICATION_EVENTS.length);
    const pairs = NOTIFICATION_EVENTS.map((e) => `${e.kind}/${e.audience}`);
    expect(new Set(pairs).size).toBe(pairs.length);
    for (const e of NOTIFICATION_EVENTS) expect(EMAIL_KINDS).toContain(e.kind);
  });

  it('a practice is emailed what the old portal emailed, except its own new order and lens credit (portal only)', () => {
    const defaults = Object.fromEntries(eventsFor('practice').map((e) => [e.id, e.defaultChoice]));
    expect(defaults['order-received']).toBe('portal');
    expect(defaults['credit-granted']).toBe('portal');
    for (const id of ['order-approved', 'order-on-hold', 'order-rejected', 'order-shipped', 'invoice-issued'])
      expect(defaults[id]).toBe('email');
  });

  it('the lab chooses only the bell or off: its emails follow Email Management, and its defaults show in the bell', () => {
    expect(choicesFor('lab')).toEqual(['portal', 'off']);
    expect(eventsFor('lab').every((e) => e.defaultChoice === 'portal')).toBe(true);
    expect(choicesFor('practice')).toEqual(['email', 'portal', 'digest', 'off']);
  });

  it('a notice kind raises its practice event and its lab event: a new order is "received" and "new order"', () => {
    expect(eventOf('order-submitted', 'practice')?.id).toBe('order-received');
    expect(eventOf('order-submitted', 'lab')?.id).toBe('lab-new-order');
    expect(eventOf('order-approved', 'lab')).toBeUndefined();
    expect(eventOf('order-resubmitted', 'practice')).toBeUndefined();
  });

  it('a payment’s one notice (the receipt) raises the lab’s "payment received" too', () => {
    expect(eventOf('payment-receipt', 'practice')?.id).toBe('payment-received');
    expect(eventOf('payment-receipt', 'lab')?.id).toBe('lab-payment-received');
  });

  it('effective choices: every event of the audience, unchosen ones at their default', () => {
    const choices = effectiveChoices('practice', { 'order-approved': 'digest' });
    expect(Object.keys(choices).sort()).toEqual(
      eventsFor('practice')
        .map((e) => e.id)
        .sort(),
    );
    expect(choices['order-approved']).toBe('digest');
    expect(choices['order-received']).toBe('portal');
  });

  it('effective choices drop a choice the audience is not offered and an event of the other audience', () => {
    const lab = effectiveChoices('lab', { 'lab-new-order': 'email', 'order-approved': 'off' });
    expect(lab['lab-new-order']).toBe('portal');
    expect(lab).not.toHaveProperty('order-approved');
  });

  it('shows in the bell unless off; emails as it happens only for "email"', () => {
    expect(['email', 'portal', 'digest'].every((c) => showsInPortal(c as 'email'))).toBe(true);
    expect(showsInPortal('off')).toBe(false);
    expect(emailsNow('email')).toBe(true);
    expect(['portal', 'digest', 'off'].some((c) => emailsNow(c as 'off'))).toBe(false);
  });

  it('the lab’s staff (admins, super admins) hear the lab’s events, everyone else a practice’s', () => {
    expect(audienceOfGroups(['admin'])).toBe('lab');
    expect(audienceOfGroups(['admin', 'superadmin'])).toBe('lab');
    expect(audienceOfGroups(['customer'])).toBe('practice');
  });
});
