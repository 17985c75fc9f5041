import { beforeEach, describe, expect, it } from 'vitest';
import { validateLensParameters } from '../../../core/rules/lens-parameters';
import { consultIdSchema } from '../../../core/schemas/consults';
import { policyOf, shippedAtOf, warrantyRefusal } from '../../../core/rules/warranty';
import { DEMO_CONSULTS, seedDemoConsults, type DemoConsultDeps } from '../../../local/seed/demo-consults';
import { seedDemoOrders } from '../../../local/seed/demo-orders';
import { InMemoryConsultantSettings, InMemoryConsultStore } from '../../support/in-memory-consults';
import { DEMO_IDS, demoDirectory } from '../../support/demo-directory';
import type { InMemoryLensCatalogue } from '../../support/lens-fakes';
import { InMemoryOrders } from '../../support/order-fakes';

const NOW = new Date('2025-06-18T12:30:00.000Z');
const ids = DEMO_IDS;

let deps: DemoConsultDeps & { consults: InMemoryConsultStore; orders: InMemoryOrders; lenses: InMemoryLensCatalogue };
let warnings: string[];

beforeEach(async () => {
  const { users, customers, lenses } = demoDirectory(NOW);
  const consults = new InMemoryConsultStore();
  deps = {
    orders: new InMemoryOrders(new Map(), consults.rows),
    users,
    customers,
    lenses,
    consults,
    settings: new InMemoryConsultantSettings(),
  };
  warnings = [];
  // The consults refer to the demo orders, seeded before them as `npm start` does.
  await seedDemoOrders(deps, ids, { now: NOW, warn: (m) => warnings.push(m) });
});

const seed = () => seedDemoConsults(deps, ids, { now: NOW, warn: (m) => warnings.push(m) });
// In the order they were created (a Map keeps insertion order; references are random, so they cannot order them).
const stored = () => [...deps.consults.rows.values()];

describe('demo consults seed', () => {
  it('has fixed, valid and distinct consult ids (what makes a restart skip them)', () => {
    const consultIds = DEMO_CONSULTS.map(
      (c) => ('practice' in c.request ? c.request.practice : c.request.visitor).consultId,
    );
    for (const id of consultIds) expect(consultIdSchema.safeParse(id).success, id).toBe(true);
    expect(new Set(consultIds).size).toBe(consultIds.length);
  });

  it("Brightview's two answered consults and one waiting, and a visitor's lead; suggestions are the rules' own; nobody is notified", async () => {
    await seed();
    expect(warnings).toEqual([]);
    const all = stored();
    expect(all.map((c) => [c.source, c.status, c.accountNumber ?? null])).toEqual([
      ['practice', 'answered', 'BV-1001'],
      ['practice', 'answered', 'BV-1001'],
      ['practice', 'new', 'BV-1001'],
      ['public', 'new', null],
    ]);
    for (const consult of all.filter((c) => c.observations)) expect(consult.suggestions.length).toBeGreaterThan(0);
    for (const consult of all) expect(consult.createdAt < NOW.toISOString()).toBe(true);
    expect(deps.consults.outbox.messages()).toEqual([]);
  });

  it('every proposal is on an Ampleye design and passes its parameter checks', async () => {
    await seed();
    const answered = stored().filter((c) => c.reply);
    expect(answered).toHaveLength(2);
    for (const { reply } of answered) {
      const design = await deps.lenses.get(reply!.proposal.lensId);
      expect(design?.lensId).toMatch(/^ampleye/);
      expect(validateLensParameters(design!.parameters, reply!.proposal.parameters)).toEqual({});
      expect(reply!.by.userId).toBe(ids.admin.userId);
    }
  });

  it('one answer is about a shipped order\'s lens still inside its warranty ("Order this" is a warranty remake)', async () => {
    await seed();
    const fromOrder = stored().find((c) => c.currentLens.fromOrderId && c.reply);
    const order = await deps.orders.get(fromOrder!.currentLens.fromOrderId!);
    expect(order?.status).toBe('closed');
    const line = order!.lines.find((l) => l.eye === fromOrder!.eye)!;
    expect(policyOf(line)).toBeDefined();
    expect(
      warrantyRefusal({ shippedAt: shippedAtOf(order!), line, orderNumber: order!.orderNumber, now: NOW }),
    ).toBeNull();
  });

  it('seeding again changes nothing', async () => {
    await seed();
    const first = structuredClone(stored());
    await seed();
    expect(stored()).toEqual(first);
    expect(deps.consults.created).toBe(DEMO_CONSULTS.length);
  });
});
