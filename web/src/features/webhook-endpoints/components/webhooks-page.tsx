import { useState, type FormEvent } from 'react';
import { WEBHOOK_EVENT_LABELS } from '../../../../../core/rules/webhook-events';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../../../../../core/rules/webhook-terms';
import type { WebhookDeliveryView, WebhookEndpointView } from '../../../../../core/schemas/webhook-endpoints';
import { LoadFailed } from '../../../components/load-failed';
import { PageHeader } from '../../../components/page-header';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable, type Column } from '../../../components/ui/data-table';
import { CopyButton } from '../../../components/ui/copy-button';
import { TextField } from '../../../components/ui/text-field';
import { failureMessage } from '../../../lib/form-errors';
import { dateTime } from '../../../lib/format-time';
import {
  useCreateWebhookEndpoint,
  useDeleteWebhookEndpoint,
  useRedeliverWebhook,
  useRotateWebhookSecret,
  useUpdateWebhookEndpoint,
  useWebhookDeliveries,
  useWebhookEndpoints,
} from '../api/webhook-endpoints';
import styles from './webhooks-page.module.css';

const STATE_TONES = { delivered: 'success', pending: 'warning', failed: 'danger' } as const;
const STATE_LABELS = { delivered: 'Delivered', pending: 'Retrying', failed: 'Failed' } as const;

/** A secret as the server answered it once: the page shows it until the super admin closes it. */
function SecretShown({ secret, onClose }: { secret: string; onClose: () => void }) {
  return (
    <Alert tone="warning" title="Copy the signing secret now">
      <p>It is shown only this once. The receiving system verifies each webhook's Lenslab-Signature header with it.</p>
      <p className={styles.secret} data-testid="webhook-secret">
        {secret}
      </p>
      <div className={styles.actions}>
        <CopyButton text={secret} label="Copy secret" />
        <Button variant="secondary" size="sm" onClick={onClose}>
          I have stored it
        </Button>
      </div>
    </Alert>
  );
}

function RegisterForm({ onSecret }: { onSecret: (secret: string) => void }) {
  const create = useCreateWebhookEndpoint();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>([]);
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    create.mutate(
      { url, description, events },
      {
        onSuccess: ({ secret }) => {
          setUrl('');
          setDescription('');
          setEvents([]);
          onSecret(secret);
        },
        onError: (failure) => setError(failureMessage(failure, 'The endpoint could not be registered.')),
      },
    );
  };

  return (
    <form className={styles.form} onSubmit={submit} aria-label="Register an endpoint">
      <h2>Register an endpoint</h2>
      <TextField
        label="URL"
        name="url"
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        hint="https:// and a public host"
        required
      />
      <TextField
        label="Description"
        name="description"
        value={description}
        onChange={(e) => setDescription(e.target.value)}
      />
      <fieldset className={styles.events}>
        <legend>Events to send</legend>
        {WEBHOOK_EVENT_TYPES.map((type) => (
          <CheckboxField
            key={type}
            label={WEBHOOK_EVENT_LABELS[type]}
            checked={events.includes(type)}
            onChange={(e) =>
              setEvents((chosen) => (e.target.checked ? [...chosen, type] : chosen.filter((t) => t !== type)))
            }
          />
        ))}
      </fieldset>
      {error && <Alert tone="error">{error}</Alert>}
      <div>
        <Button type="submit" loading={create.isPending}>
          Register endpoint
        </Button>
      </div>
    </form>
  );
}

function DeliveryLog({ endpoint }: { endpoint: WebhookEndpointView }) {
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const cursor = cursors.at(-1) ?? null;
  const log = useWebhookDeliveries(endpoint.endpointId, cursor);
  const redeliver = useRedeliverWebhook();
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  if (log.isError)
    return <LoadFailed title="The delivery log could not be loaded" onRetry={() => void log.refetch()} />;
  const items: WebhookDeliveryView[] = log.data?.items ?? [];

  const again = (delivery: WebhookDeliveryView) => {
    setMessage(null);
    redeliver.mutate(
      { endpointId: delivery.endpointId, deliveryId: delivery.deliveryId },
      {
        onSuccess: ({ delivery: after }) =>
          setMessage(
            after.state === 'delivered'
              ? { tone: 'success', text: 'Delivered: the endpoint acknowledged it.' }
              : {
                  tone: 'error',
                  text: `Not acknowledged (${after.lastStatus ? `HTTP ${after.lastStatus}` : (after.lastError ?? 'no answer')}).`,
                },
          ),
        onError: (failure) => setMessage({ tone: 'error', text: failureMessage(failure, 'It could not be sent.') }),
      },
    );
  };

  const columns: Column<WebhookDeliveryView>[] = [
    {
      key: 'event',
      header: 'Event',
      primary: true,
      render: (d) => (
        <>
          {WEBHOOK_EVENT_LABELS[d.eventType]}
          <br />
          <small>{dateTime(d.eventCreatedAt)}</small>
        </>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      render: (d) => (
        <>
          <Badge tone={STATE_TONES[d.state]}>{STATE_LABELS[d.state]}</Badge>
          {d.dueAt && (
            <>
              <br />
              <small>Next try {dateTime(d.dueAt)}</small>
            </>
          )}
        </>
      ),
    },
    { key: 'tries', header: 'Tries', numeric: true, render: (d) => d.attempts },
    {
      key: 'answer',
      header: 'Last answer',
      render: (d) => (
        <>
          {d.lastStatus ? `HTTP ${d.lastStatus}` : (d.lastError ?? '—')}
          {d.lastAttemptAt && (
            <>
              <br />
              <small>{dateTime(d.lastAttemptAt)}</small>
            </>
          )}
        </>
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      actions: true,
      render: (d) => (
        <Button
          size="sm"
          variant="secondary"
          loading={redeliver.isPending && redeliver.variables?.deliveryId === d.deliveryId}
          onClick={() => again(d)}
        >
          Redeliver
        </Button>
      ),
    },
  ];

  return (
    <section aria-label="Delivery log">
      <h2>Delivery log: {endpoint.description || endpoint.url}</h2>
      {message && <Alert tone={message.tone}>{message.text}</Alert>}
      {items.length === 0 && !log.isPending ? (
        <p>No deliveries yet.</p>
      ) : (
        <DataTable caption="Deliveries" columns={columns} rows={items} rowKey={(d) => d.deliveryId} />
      )}
      <div className={styles.actions}>
        {cursors.length > 1 && (
          <Button variant="ghost" size="sm" onClick={() => setCursors((c) => c.slice(0, -1))}>
            Newer
          </Button>
        )}
        {log.data?.nextCursor && (
          <Button variant="ghost" size="sm" onClick={() => setCursors((c) => [...c, log.data!.nextCursor])}>
            Older
          </Button>
        )}
      </div>
    </section>
  );
}

function EndpointCard({
  endpoint,
  selected,
  onSelect,
  onSecret,
}: {
  endpoint: WebhookEndpointView;
  selected: boolean;
  onSelect: () => void;
  onSecret: (secret: string) => void;
}) {
  const update = useUpdateWebhookEndpoint();
  const rotate = useRotateWebhookSecret();
  const remove = useDeleteWebhookEndpoint();
  const [confirming, setConfirming] = useState<'rotate' | 'delete' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const version = { endpointId: endpoint.endpointId, version: endpoint.version };
  const failed = (failure: unknown) => setError(failureMessage(failure, 'That did not work. Reload and try again.'));
  // A confirmation closes whatever the answer; a refusal is shown on the endpoint, where the user looks next.
  const closeAfter = { onSettled: () => setConfirming(null), onError: failed };

  return (
    <li className={styles.endpoint} data-selected={selected} aria-label={endpoint.description || endpoint.url}>
      <p className={styles.url}>{endpoint.url}</p>
      {endpoint.description && <p>{endpoint.description}</p>}
      <p>
        <Badge tone={endpoint.enabled ? 'success' : 'neutral'}>{endpoint.enabled ? 'Active' : 'Paused'}</Badge>{' '}
        {endpoint.events.map((e) => WEBHOOK_EVENT_LABELS[e]).join(', ')}
      </p>
      <p>
        <small>
          Secret made {dateTime(endpoint.secretCreatedAt)}
          {endpoint.previousSecretUntil &&
            `; the previous one also signs until ${dateTime(endpoint.previousSecretUntil)}`}
        </small>
      </p>
      {error && <Alert tone="error">{error}</Alert>}
      <div className={styles.actions}>
        <Button size="sm" variant={selected ? 'primary' : 'secondary'} onClick={onSelect}>
          Delivery log
        </Button>
        <Button
          size="sm"
          variant="secondary"
          loading={update.isPending}
          onClick={() =>
            update.mutate(
              {
                ...version,
                url: endpoint.url,
                description: endpoint.description,
                events: endpoint.events,
                enabled: !endpoint.enabled,
              },
              { onError: failed },
            )
          }
        >
          {endpoint.enabled ? 'Pause' : 'Resume'}
        </Button>
        <Button size="sm" variant="secondary" onClick={() => setConfirming('rotate')}>
          Rotate secret
        </Button>
        <Button size="sm" variant="danger" onClick={() => setConfirming('delete')}>
          Delete
        </Button>
      </div>
      {confirming === 'rotate' && (
        <ConfirmDialog
          title="Rotate the signing secret?"
          confirmLabel="Rotate secret"
          tone="primary"
          busy={rotate.isPending}
          onCancel={() => setConfirming(null)}
          onConfirm={() => rotate.mutate(version, { ...closeAfter, onSuccess: ({ secret }) => onSecret(secret) })}
        >
          A new secret is made and shown once. The current one keeps signing beside it for 24 hours, so the receiving
          system can switch without missing an event.
        </ConfirmDialog>
      )}
      {confirming === 'delete' && (
        <ConfirmDialog
          title="Delete this endpoint?"
          confirmLabel="Delete"
          tone="danger"
          busy={remove.isPending}
          onCancel={() => setConfirming(null)}
          onConfirm={() => remove.mutate(version, closeAfter)}
        >
          It gets no more events, and deliveries still waiting are not sent.
        </ConfirmDialog>
      )}
    </li>
  );
}

/** /admin/webhooks: the endpoints the lab's systems receive signed events at, and each one's delivery log. */
export function WebhooksPage() {
  const endpoints = useWebhookEndpoints();
  const [secret, setSecret] = useState<string | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const items = endpoints.data?.items ?? [];
  const shown = items.find((e) => e.endpointId === selected) ?? null;

  return (
    <>
      <PageHeader
        title="Webhooks"
        description="Signed events for the lab's own systems: each is retried for about three days until the endpoint answers 2xx."
      />
      {secret && <SecretShown secret={secret} onClose={() => setSecret(null)} />}
      {endpoints.isError ? (
        <LoadFailed title="The endpoints could not be loaded" onRetry={() => void endpoints.refetch()} />
      ) : (
        <>
          {items.length === 0 && !endpoints.isPending && <p>No endpoints yet.</p>}
          <ul className={styles.endpoints} aria-label="Endpoints">
            {items.map((endpoint) => (
              <EndpointCard
                key={endpoint.endpointId}
                endpoint={endpoint}
                selected={endpoint.endpointId === selected}
                onSelect={() => setSelected(endpoint.endpointId)}
                onSecret={setSecret}
              />
            ))}
          </ul>
        </>
      )}
      {shown && <DeliveryLog key={shown.endpointId} endpoint={shown} />}
      <RegisterForm onSecret={setSecret} />
    </>
  );
}
