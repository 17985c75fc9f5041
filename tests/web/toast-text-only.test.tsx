import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer, toast } from 'react-toastify/unstyled';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AccountRequest } from '../../core/schemas/account-requests';
import { RejectRequestDialog } from '../../web/src/features/account-requests/components/reject-request-dialog';
import { callRoute } from '../../web/src/lib/api-client';
import { notify, TOAST_CONTAINER_PROPS } from '../../web/src/lib/notify';

vi.mock('../../web/src/lib/api-client', () => ({ callRoute: vi.fn() }));

/** A practice name as a hostile sign-up could type it. */
const HOSTILE_NAME = '<a href="https://evil.test/phish">Click to verify</a><img src=x onerror="window.pwned=1">';

const request: AccountRequest = {
  requestId: 'u-1',
  userId: 'u-1',
  userEmail: 'owner@clearsight.test',
  practiceName: HOSTILE_NAME,
  contactName: 'Jamie',
  email: 'owner@clearsight.test',
  phone: '(503) 555-0170',
  address: { address: '9 Harbor Road', city: 'Portland', state: 'OR', zip: '97201' },
  stateLicenseNumber: 'OR-12345',
  buyingGroupId: 'vision-source',
  status: 'pending',
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
};

afterEach(() => {
  act(() => toast.dismiss());
  vi.mocked(callRoute).mockReset();
});

describe('toasts render text, never HTML', () => {
  it('a practice name holding a link shows as its characters: no link, no image, nothing runs', async () => {
    render(<ToastContainer {...TOAST_CONTAINER_PROPS} />);
    act(() => void notify.success(`The request of ${HOSTILE_NAME} was rejected.`));
    const body = await screen.findByText(`The request of ${HOSTILE_NAME} was rejected.`);
    expect(body.querySelector('a, img')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
    expect((window as unknown as { pwned?: number }).pwned).toBeUndefined();
  });

  it('the repeat count is the only element the toast adds', async () => {
    render(<ToastContainer {...TOAST_CONTAINER_PROPS} />);
    act(() => void notify.error(HOSTILE_NAME));
    act(() => void notify.error(HOSTILE_NAME));
    const count = await screen.findByText('(x2)');
    expect(count.tagName).toBe('STRONG');
    expect(count.parentElement!.textContent).toBe(`${HOSTILE_NAME} (x2)`);
    expect(count.parentElement!.querySelector('a, img')).toBeNull();
  });

  it('a value that is not a string is shown as text too', async () => {
    render(<ToastContainer {...TOAST_CONTAINER_PROPS} />);
    act(() => void notify.info({ toString: () => '<a href="x">object</a>' } as unknown as string));
    expect(await screen.findByText('<a href="x">object</a>')).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it("a super admin rejecting that practice's request sees its name as text in the toast", async () => {
    vi.mocked(callRoute).mockResolvedValue({ request: { ...request, status: 'rejected' }, emailSent: true } as never);
    const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
    render(
      <QueryClientProvider client={queryClient}>
        <ToastContainer {...TOAST_CONTAINER_PROPS} />
        <RejectRequestDialog request={request} onClose={() => undefined} />
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/reason/i), 'We could not verify the license.');
    await user.click(screen.getByRole('button', { name: /reject/i }));
    const alert = await screen.findByText(
      `The request of ${HOSTILE_NAME} was rejected. The email with the reason is on its way.`,
    );
    expect(within(alert.closest('[role="alert"]') ?? alert).queryByRole('link')).toBeNull();
    expect(alert.querySelector('a, img')).toBeNull();
  });
});
