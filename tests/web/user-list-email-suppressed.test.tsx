import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminUser } from '../../core/schemas/users/user-admin';
import { UserList } from '../../web/src/features/users/components/user-list';
import { callRoute } from '../../web/src/lib/api-client';
import { adminUser } from './support/admin-user';
import { answer, renderAt } from './support/fake-api';

vi.mock('../../web/src/lib/api-client', () => ({ callRoute: vi.fn() }));

/** User Management shows the super admin which users the portal no longer emails (a bounce or a complaint). */

const user = adminUser;

function renderList(items: AdminUser[]) {
  answer({ getCustomerUsers: () => ({ items, nextCursor: null }) });

  renderAt(
    '/admin/users',
    '*',
    <UserList kind="customers" currentUserId={null} busyUserId={null} onAction={() => undefined} />,
  );
}

const rowOf = async (email: string) => (await screen.findByText(email)).closest('tr') as HTMLElement;

// Braces: a function returned from beforeEach would be run as its cleanup.
beforeEach(() => {
  vi.mocked(callRoute).mockReset();
});
afterEach(() => vi.restoreAllMocks());

describe('user list: suppressed email addresses', () => {
  it('a bounced address reads "Email bounced" with the time it stopped; a complaint reads "Marked as spam"', async () => {
    renderList([
      user({
        userId: 'u-1',
        email: 'dana@practice.test',
        emailSuppressed: { reason: 'bounce', at: '2026-03-01T10:00:05.000Z' },
      }),
      user({
        userId: 'u-2',
        email: 'eli@practice.test',
        emailSuppressed: { reason: 'complaint', at: '2026-03-02T08:00:00.000Z' },
      }),
      user({ userId: 'u-3', email: 'fay@practice.test' }),
    ]);
    const dana = await rowOf('dana@practice.test');
    expect(dana).toHaveTextContent('Email bounced');
    expect(dana.querySelector('time[datetime="2026-03-01T10:00:05.000Z"]')).not.toBeNull();
    expect(dana).toHaveTextContent('Not emailed since');
    expect(await rowOf('eli@practice.test')).toHaveTextContent('Marked as spam');
    const fay = await rowOf('fay@practice.test');
    expect(fay).not.toHaveTextContent('Email bounced');
    expect(fay).not.toHaveTextContent('Not emailed since');
  });
});
