import { describe, expect, it } from 'vitest';
import { orderWebhookEvent } from '../../../../core/rules/webhook-events';
import { isInternalAddress, webhookUrlProblem } from '../../../../core/rules/webhook-urls';

describe('which order change raises which webhook event (core/rules/webhook-events.ts)', () => {
  it.each([
    [null, { status: 'submitted' }, 'order.submitted'],
    [{ status: 'draft' }, { status: 'submitted' }, 'order.submitted'],
    [{ status: 'on-hold' }, { status: 'submitted' }, 'order.submitted'],
    [{ status: 'submitted' }, { status: 'approved', stage: 'approved' }, 'order.approved'],
    [{ status: 'approved', stage: 'approved' }, { status: 'approved', stage: 'polishing' }, 'order.stage-changed'],
    [{ status: 'approved' }, { status: 'approved', stage: 'lathe' }, 'order.stage-changed'],
    [{ status: 'approved', stage: 'lathe' }, { status: 'closed', stage: 'shipped' }, 'order.shipped'],
    [{ status: 'closed', stage: 'shipped' }, { status: 'closed', stage: 'delivered' }, 'order.delivered'],
  ] as const)('%o -> %o raises %s', (before, after, event) => {
    expect(orderWebhookEvent(before, after)).toBe(event);
  });

  it.each([
    [{ status: 'submitted' }, { status: 'on-hold' }],
    [{ status: 'submitted' }, { status: 'rejected' }],
    [
      { status: 'approved', stage: 'lathe' },
      { status: 'approved', stage: 'lathe' },
    ],
    [
      { status: 'closed', stage: 'delivered' },
      { status: 'closed', stage: 'delivered' },
    ],
    [{ status: 'submitted' }, { status: 'cancelled' }],
  ] as const)('%o -> %o raises none (a hold, a rejection, a delay, a claim)', (before, after) => {
    expect(orderWebhookEvent(before, after)).toBeNull();
  });
});

describe('where a webhook may point (core/rules/webhook-urls.ts)', () => {
  const aws = { local: false };
  const local = { local: true };

  it('in AWS only https to a public host is accepted', () => {
    expect(webhookUrlProblem('https://lab.example.com/hooks', aws)).toBeNull();
    expect(webhookUrlProblem('http://lab.example.com/hooks', aws)).toMatch(/https/);
    expect(webhookUrlProblem('not a url', aws)).toMatch(/full URL/);
    expect(webhookUrlProblem('https://user:pw@lab.example.com/', aws)).toMatch(/password/);
  });

  it.each([
    'https://127.0.0.1/',
    'https://10.1.2.3/',
    'https://172.20.0.1/',
    'https://192.168.1.1/',
    'https://169.254.169.254/latest/meta-data',
    'https://[::1]/',
    'https://[fd00::1]/',
    'https://localhost/',
    'https://metadata.google.internal/',
  ])('in AWS an internal address is refused: %s', (url) => {
    expect(webhookUrlProblem(url, aws)).not.toBeNull();
  });

  it('locally http on loopback is accepted, other http is not', () => {
    expect(webhookUrlProblem('http://127.0.0.1:4555/hook', local)).toBeNull();
    expect(webhookUrlProblem('http://localhost:4555/hook', local)).toBeNull();
    expect(webhookUrlProblem('http://lab.example.com/hook', local)).toMatch(/https/);
  });

  it('resolved addresses are judged the same way (the poster checks what a host resolves to)', () => {
    expect(isInternalAddress('169.254.169.254')).toBe(true);
    expect(isInternalAddress('::ffff:10.0.0.1')).toBe(true);
    expect(isInternalAddress('fe80::1')).toBe(true);
    expect(isInternalAddress('93.184.216.34')).toBe(false);
    expect(isInternalAddress('2606:2800:220:1::1')).toBe(false);
  });
});
