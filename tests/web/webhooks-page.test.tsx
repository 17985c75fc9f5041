import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { WebhookDeliveryView, WebhookEndpointView } from '../../core/schemas/webhook-endpoints';
import { WebhooksPage } from '../../web/src/features/webhook-endpoints';
import { callRoute } from '../../web/src/lib/api-client';
import { CallableError } from '../../web/src/lib/callable-error';
import { answer, callsTo, renderAt } from './support/fake-api';

vi.mock('../../web/src/lib/api-client', () => ({ callRoute: vi.fn() }));

const endpoint = (extra: Partial<WebhookEndpointView> = {}): WebhookEndpointView => ({
  endpointId: 'ep-1',
  url: 'https://erp.example.com/hooks',
  description: 'ERP',
  events: ['order.approved', 'order.shipped'],
  enabled: true,
  secretCreatedAt: '2026-12-01T10:00:00.000Z',
  createdAt: '2026-12-01T10:00:00.000Z',
  updatedAt: '2026-12-01T10:00:00.000Z',
  version: 0,
  ...extra,
});

const failed: WebhookDeliveryView = {
  deliveryId: '2026-12-02T10:00:00.000Z#evt-1',
  endpointId: 'ep-1',
  eventId: 'evt-1',
  eventType: 'order.approved',
  eventCreatedAt: '2026-12-02T10:00:00.000Z',
  state: 'failed',
  attempts: 20,
  lastAttemptAt: '2026-12-05T10:00:00.000Z',
  lastStatus: 500,
};

const renderPage = () => renderAt('/admin/webhooks', '/admin/webhooks', <WebhooksPage />);

beforeEach(() => {
  vi.mocked(callRoute).mockReset();
});

describe('Webhooks page (docs/decisions/0105-outgoing-webhooks.md)', () => {
  it('registering an endpoint sends its URL and events and shows the secret once, until it is dismissed', async () => {
    const user = userEvent.setup();
    answer({
      listWebhookEndpoints: () => ({ items: [] }),
      createWebhookEndpoint: () => ({ endpoint: endpoint(), secret: 'whsec_shown_once' }),
    });
    renderPage();
    await screen.findByText('No endpoints yet.');
    await user.type(screen.getByLabelText(/^URL/), 'https://erp.example.com/hooks');
    await user.click(screen.getByLabelText('Order approved'));
    await user.click(screen.getByRole('button', { name: 'Register endpoint' }));
    expect(await screen.findByTestId('webhook-secret')).toHaveTextContent('whsec_shown_once');
    expect(callsTo('createWebhookEndpoint')[0]).toEqual({
      url: 'https://erp.example.com/hooks',
      description: '',
      events: ['order.approved'],
    });
    await user.click(screen.getByRole('button', { name: 'I have stored it' }));
    expect(screen.queryByTestId('webhook-secret')).toBeNull();
  });

  it('the delivery log shows a failed delivery with its last answer, and "Redeliver" sends it again', async () => {
    const user = userEvent.setup();
    answer({
      listWebhookEndpoints: () => ({ items: [endpoint()] }),
      listWebhookDeliveries: () => ({ items: [failed], nextCursor: null }),
      redeliverWebhook: () => ({ delivery: { ...failed, state: 'delivered', attempts: 21, lastStatus: 200 } }),
    });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Delivery log' }));
    const row = (await screen.findAllByRole('row'))[1]!;
    expect(within(row).getByText('Failed')).toBeInTheDocument();
    expect(within(row).getByText(/HTTP 500/)).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Redeliver' }));
    expect(await screen.findByText('Delivered: the endpoint acknowledged it.')).toBeInTheDocument();
    expect(callsTo('redeliverWebhook')[0]).toEqual({ endpointId: 'ep-1', deliveryId: failed.deliveryId });
  });

  it('rotating the secret asks first, then shows the new secret once', async () => {
    const user = userEvent.setup();
    answer({
      listWebhookEndpoints: () => ({ items: [endpoint()] }),
      rotateWebhookSecret: () => ({
        endpoint: endpoint({ version: 1, previousSecretUntil: '2026-12-04T10:00:00.000Z' }),
        secret: 'whsec_rotated',
      }),
    });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Rotate secret' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Rotate secret' }));
    expect(await screen.findByTestId('webhook-secret')).toHaveTextContent('whsec_rotated');
    await waitFor(() => expect(callsTo('rotateWebhookSecret')[0]).toEqual({ endpointId: 'ep-1', version: 0 }));
  });

  it('a refused delete closes its dialog and says why on the endpoint, which stays listed', async () => {
    const user = userEvent.setup();
    answer({
      listWebhookEndpoints: () => ({ items: [endpoint()] }),
      deleteWebhookEndpoint: () => {
        throw new CallableError({
          route: 'deleteWebhookEndpoint',
          httpStatus: 409,
          status: 'aborted',
          message: 'Someone changed this endpoint. Reload to see the latest.',
        });
      },
    });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const item = screen.getByRole('listitem', { name: 'ERP' });
    expect(await within(item).findByText('Someone changed this endpoint. Reload to see the latest.')).toBeVisible();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(callsTo('deleteWebhookEndpoint')).toEqual([{ endpointId: 'ep-1', version: 0 }]);
  });
});
