import { matchRoutes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The order form page imports its form (and the form's files section) only once it has rendered. The router
 * asks for that code with the page's module, so a click on "Order Form" fetches both at once; a full load of
 * the page still waits for its first paint (lib/first-paint-hold.ts).
 */
const started: string[] = [];

/** A fresh router and paint hold, with the form's modules recording when they are first loaded. */
async function freshApp() {
  vi.resetModules();
  vi.doMock('../../web/src/features/orders/components/order-form-body', () => {
    started.push('order form');
    return { default: () => null };
  });
  vi.doMock('../../web/src/features/attachments/components/order-attachments', () => {
    started.push('order files');
    return { OrderAttachments: () => null };
  });
  const { routes } = await import('../../web/src/app/router');
  const { holdUntilFirstPaint } = await import('../../web/src/lib/first-paint-hold');
  /** Loads a path's page route as the router does when it is visited. */
  const visit = async (path: string) => {
    const lazy = matchRoutes(routes, path)?.at(-1)?.route.lazy;
    if (typeof lazy !== 'function') throw new Error(`${path} has no lazy page route`);
    await lazy();
  };
  return { visit, holdUntilFirstPaint };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

beforeEach(() => {
  started.length = 0;
});

describe("a page's later code is asked for with the page", () => {
  it('/customer/order: the form and its files start loading with the route, before the page renders', async () => {
    const app = await freshApp();
    await app.visit('/customer/order');
    await vi.waitFor(() => expect(started.toSorted()).toEqual(['order files', 'order form']));
  });

  it("on a held first paint (a returning user's full load) they wait for the paint", async () => {
    const app = await freshApp();
    const release = app.holdUntilFirstPaint();
    await app.visit('/customer/order');
    await settle();
    expect(started).toEqual([]);
    release();
    await vi.waitFor(() => expect(started.toSorted()).toEqual(['order files', 'order form']));
  });

  it('another page asks for nothing more than its own module', async () => {
    const app = await freshApp();
    await app.visit('/customer/home');
    await settle();
    expect(started).toEqual([]);
  });
});
