import { describe, expect, it } from 'vitest';
import { EMAIL_KINDS, type EmailKind } from '../../../core/schemas/email/email';
import { defaultTemplate } from '../../../lambdas/email/default-templates';
import type { EmailTemplates } from '../../../lambdas/ports/email-templates';
import { type WriteConflict } from '../../../lambdas/ports/write-conflict';
import { WriteRefused } from '../../../lambdas/kernel/write-refused';
import { refusalOf } from './contract-helpers';

/**
 * The EmailTemplates rules the in-memory fake (tests/support/email-fakes.ts) and the DynamoDB adapter both keep:
 * run from tests/unit/lambdas/contracts/ports.test.ts (fake) and tests/integration/port-contracts.test.ts.
 * The adapter's table has one item per kind and is shared with the integration files running beside this one,
 * so each test reads the version it starts from, only kinds no other file sends or checks are saved, and the
 * lab recipients are saved back unchanged (the order emails go to them).
 */
export function emailTemplatesContract(label: string, make: () => EmailTemplates): void {
  const neverSaved: EmailKind = 'warranty-ending';
  const edited: EmailKind = 'claim-decided';

  describe(`${label}: the email templates contract`, () => {
    it('a kind never saved answers its built-in text at version 0, with the defaults beside it', async () => {
      const defaults = defaultTemplate(neverSaved);
      expect(await make().get(neverSaved)).toEqual({ kind: neverSaved, ...defaults, version: 0, defaults });
    });

    it('a save at the version read stores the text, counts the version up and keeps the defaults beside it', async () => {
      const templates = make();
      const before = await templates.get(edited);
      const text = { subject: `Subject ${before.version + 1}`, body: 'Hello {{orderNumber}}' };
      const now = '2025-03-01T10:00:00.000Z';
      const answered = await templates.save(edited, text, before.version, now);
      const expected = {
        kind: edited,
        ...text,
        version: before.version + 1,
        updatedAt: now,
        defaults: before.defaults,
      };
      expect(answered).toEqual(expected);
      expect(await templates.get(edited)).toEqual(expected);
    });

    it("a save at a version someone else replaced is refused ('changed') and writes nothing", async () => {
      const templates = make();
      const start = await templates.get(edited);
      await templates.save(edited, { subject: 'First editor', body: 'b' }, start.version, '2025-03-02T10:00:00.000Z');
      const stored = await templates.get(edited);
      const late = await refusalOf(
        templates.save(edited, { subject: 'Second editor', body: 'b' }, start.version, '2025-03-02T10:00:01.000Z'),
      );
      expect(late).toBeInstanceOf(WriteRefused);
      expect((late as WriteConflict).reason).toBe('changed');
      expect(await templates.get(edited)).toEqual(stored);
    });

    it('list answers every kind in EMAIL_KINDS order, each as get answers it', async () => {
      const templates = make();
      const listed = await templates.list();
      expect(listed.map((t) => t.kind)).toEqual([...EMAIL_KINDS]);
      for (const template of listed) expect(template).toEqual(await templates.get(template.kind));
    });

    it('saves on the lab recipients are versioned like the templates: a stale one is refused and writes nothing', async () => {
      const templates = make();
      const start = await templates.labRecipients();
      expect(start.recipients.length).toBeGreaterThan(0);
      const again = await templates.saveLabRecipients(start.recipients, start.version, '2025-03-03T10:00:00.000Z');
      expect(again).toEqual({ recipients: start.recipients, version: start.version + 1 });
      expect(await templates.labRecipients()).toEqual(again);
      const late = await refusalOf(
        templates.saveLabRecipients(['late@lab.test'], start.version, '2025-03-03T10:00:01.000Z'),
      );
      expect(late).toBeInstanceOf(WriteRefused);
      expect((late as WriteConflict).reason).toBe('changed');
      expect(await templates.labRecipients()).toEqual(again);
    });
  });
}
