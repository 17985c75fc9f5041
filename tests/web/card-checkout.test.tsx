import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CardCheckout } from '../../web/src/features/payments/checkout/card-checkout';

/**
 * The card step of Pay Online with the fake gateway (local stack, tests): an accessible test card form that
 * sends the card to the gateway (never to the portal's API), shows the gateway's decline reason and tells the
 * page when the gateway has answered, so the page asks the server for the truth.
 */

const CLIENT_SECRET = 'pi_fake_1_secret_abc';

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function renderCheckout(respond: (init: RequestInit) => Response | Promise<Response>) {
  const fetchMock = vi.fn(async (_url: string, init: RequestInit) => respond(init));
  vi.stubGlobal('fetch', fetchMock);
  const onConfirmed = vi.fn();
  render(
    <CardCheckout
      checkout={{ gateway: 'fake', clientSecret: CLIENT_SECRET }}
      amountCents={123_456}
      onConfirmed={onConfirmed}
    />,
  );
  return { fetchMock, onConfirmed, user: userEvent.setup() };
}

async function fillCard(user: ReturnType<typeof userEvent.setup>, card: string, expiry = '1239', cvc = '123') {
  await user.type(screen.getByLabelText('Card number'), card);
  await user.type(screen.getByLabelText('Expiry (MM/YY)'), expiry);
  await user.type(screen.getByLabelText('CVC'), cvc);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('test card form (fake gateway)', () => {
  it('says it is a test form, lists the three test cards and labels every field', () => {
    renderCheckout(() => json(200, { status: 'succeeded' }));
    expect(screen.getByText('Test card form — no real card is charged.')).toBeInTheDocument();
    const cards = within(screen.getByRole('list', { name: 'Test cards' })).getAllByRole('listitem');
    expect(cards.map((c) => c.textContent)).toEqual([
      '4242 4242 4242 4242: succeeds',
      '4000 0000 0000 0002: declined',
      '4000 0000 0000 9995: declined: insufficient funds',
    ]);
    for (const label of ['Card number', 'Expiry (MM/YY)', 'CVC']) {
      expect(screen.getByLabelText(label)).toHaveAttribute('autocomplete', 'off');
    }
    expect(screen.getByRole('button', { name: 'Pay $1,234.56' })).toBeEnabled();
  });

  it('sends the card to the gateway’s confirm endpoint (same origin), then tells the page', async () => {
    const { fetchMock, onConfirmed, user } = renderCheckout(() => json(200, { status: 'succeeded' }));
    await fillCard(user, '4242424242424242');
    expect(screen.getByLabelText('Card number')).toHaveValue('4242 4242 4242 4242');
    expect(screen.getByLabelText('Expiry (MM/YY)')).toHaveValue('12/39');
    await user.click(screen.getByRole('button', { name: /Pay/ }));
    await waitFor(() => expect(onConfirmed).toHaveBeenCalledTimes(1));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/fake-gateway/confirm');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({
      clientSecret: CLIENT_SECRET,
      cardNumber: '4242424242424242',
      expiry: '12/39',
      cvc: '123',
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the gateway’s decline reason in an alert and tells the page (which reads the failed payment)', async () => {
    const { onConfirmed, user } = renderCheckout(() =>
      json(402, {
        status: 'requires_payment_method',
        error: { type: 'card_error', code: 'card_declined', message: 'Your card has insufficient funds.' },
      }),
    );
    await fillCard(user, '4000000000009995');
    await user.click(screen.getByRole('button', { name: /Pay/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card has insufficient funds.');
    expect(onConfirmed).toHaveBeenCalledTimes(1);
    // The form stays usable for another card.
    expect(screen.getByRole('button', { name: 'Pay $1,234.56' })).toBeEnabled();
  });

  it('the Pay button is disabled while the gateway answers, so a double click pays once', async () => {
    let answer: (response: Response) => void = () => {};
    const { fetchMock, onConfirmed, user } = renderCheckout(
      () => new Promise<Response>((resolve) => (answer = resolve)),
    );
    await fillCard(user, '4242424242424242');
    const pay = screen.getByRole('button', { name: /Pay/ });
    await user.click(pay);
    expect(pay).toBeDisabled();
    expect(pay).toHaveAttribute('aria-busy', 'true');
    await user.click(pay);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    answer(json(200, { status: 'succeeded' }));
    await waitFor(() => expect(onConfirmed).toHaveBeenCalledTimes(1));
  });

  it('incomplete details are caught before anything is sent, beside the field', async () => {
    const { fetchMock, onConfirmed, user } = renderCheckout(() => json(200, {}));
    await fillCard(user, '4242424242424242', '0120');
    await user.click(screen.getByRole('button', { name: /Pay/ }));
    const expiry = screen.getByLabelText('Expiry (MM/YY)');
    expect(expiry).toHaveAttribute('aria-invalid', 'true');
    expect(expiry).toHaveAccessibleDescription("Your card's expiration date is in the past.");
    expect(expiry).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(onConfirmed).not.toHaveBeenCalled();
  });

  it('a gateway that cannot be reached is an alert, and the page is not told anything happened', async () => {
    const { onConfirmed, user } = renderCheckout(() => Promise.reject(new TypeError('Failed to fetch')));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await fillCard(user, '4242424242424242');
    await user.click(screen.getByRole('button', { name: /Pay/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The card could not be sent.');
    expect(onConfirmed).not.toHaveBeenCalled();
  });

  it('a refusal that is no decline (e.g. an already paid intent) is shown, without telling the page', async () => {
    const { onConfirmed, user } = renderCheckout(() =>
      json(400, { error: { type: 'invalid_request_error', message: 'This payment has already succeeded.' } }),
    );
    await fillCard(user, '4242424242424242');
    await user.click(screen.getByRole('button', { name: /Pay/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This payment has already succeeded.');
    expect(onConfirmed).not.toHaveBeenCalled();
  });
});

describe('card checkout in a stripe stage', () => {
  it('without a publishable key it says card payments are not set up (and loads nothing of Stripe)', () => {
    render(
      <CardCheckout
        checkout={{ gateway: 'stripe', clientSecret: 'pi_1_secret' }}
        amountCents={100}
        onConfirmed={vi.fn()}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Card payments are not set up');
    expect(document.querySelector('script[src*="js.stripe.com"]')).toBeNull();
  });
});
