import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CHANGED_MESSAGES } from '../../core/messages';
import { eventsFor } from '../../core/rules/notification-events';
import { NotificationSettingsSection } from '../../web/src/features/notifications';
import { callRoute } from '../../web/src/lib/api-client';
import { CallableError } from '../../web/src/lib/callable-error';
import type { SessionContextValue } from '../../web/src/lib/session-context';
import { seriousA11yViolations } from './support/axe';
import { answer, callsTo, renderAt } from './support/fake-api';
import { fakeSession, SessionFixture } from './support/fake-session';
import { practicePreferences } from './support/notification-fakes';

vi.mock('../../web/src/lib/api-client', () => ({ callRoute: vi.fn() }));

function renderSection(session: SessionContextValue = fakeSession()) {
  return renderAt(
    '/settings',
    '/settings',
    <SessionFixture value={session}>
      <NotificationSettingsSection />
    </SessionFixture>,
  );
}

const section = () => screen.getByRole('region', { name: 'Notifications' });
const optionsOf = (label: string) =>
  within(screen.getByRole('combobox', { name: label }))
    .getAllByRole('option')
    .map((o) => o.textContent);

beforeEach(() => {
  vi.mocked(callRoute).mockReset();
});

describe('Settings: Notifications (what a user hears about, and how)', () => {
  it('a practice user chooses for each practice event, labelled and described from the catalog, at its saved or default choice', async () => {
    answer({ getNotificationPreferences: () => practicePreferences() });
    renderSection();

    await screen.findByRole('combobox', { name: 'Order approved' });
    const controls = within(section()).getAllByRole('combobox');
    expect(controls.map((c) => c.getAttribute('name'))).toEqual(
      eventsFor('practice').map((event) => `choices.${event.id}`),
    );
    expect(screen.getByRole('combobox', { name: 'Order approved' })).toHaveValue('digest');
    expect(screen.getByRole('combobox', { name: 'Order received' })).toHaveValue('portal');
    expect(screen.getByRole('combobox', { name: 'Order approved' })).toHaveAccessibleDescription(
      'The lab approved an order for production.',
    );
    expect(optionsOf('Order approved')).toEqual(['Email and portal', 'Portal only', 'Daily digest', 'Off']);
    expect(await seriousA11yViolations()).toEqual([]);
  });

  it('lab staff see the lab events with only "Portal only" and "Off"', async () => {
    answer({ getNotificationPreferences: () => ({ audience: 'lab', choices: {}, version: 1 }) });
    renderSection(fakeSession({ role: 'admin', home: '/admin/home' }));

    await screen.findByRole('combobox', { name: 'New order' });
    expect(within(section()).getAllByRole('combobox')).toHaveLength(eventsFor('lab').length);
    expect(optionsOf('New order')).toEqual(['Portal only', 'Off']);
    expect(screen.queryByRole('combobox', { name: 'Order approved' })).toBeNull();
  });

  it('saves only the changed choices with the version read', async () => {
    answer({
      getNotificationPreferences: () => practicePreferences(),
      updateNotificationPreferences: (input) => ({
        audience: 'practice',
        choices: { 'order-approved': 'digest', ...(input['choices'] as object) },
        version: 4,
      }),
    });
    const user = renderSection();

    await user.selectOptions(await screen.findByRole('combobox', { name: 'Order received' }), 'Off');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Invoice issued' }), 'Daily digest');
    await user.click(screen.getByRole('button', { name: 'Save notification choices' }));

    await vi.waitFor(() =>
      expect(callsTo('updateNotificationPreferences')).toEqual([
        { choices: { 'order-received': 'off', 'invoice-issued': 'digest' }, version: 3 },
      ]),
    );
    // The saved version is the form's new start: nothing left to save.
    expect(await screen.findByRole('button', { name: 'Save notification choices' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Order received' })).toHaveValue('off');
  });

  it(`choices saved meanwhile elsewhere: "${CHANGED_MESSAGES.notificationPreferences}", the form keeps what was chosen, Reload latest reads them`, async () => {
    let version = 3;
    answer({
      getNotificationPreferences: () => practicePreferences({ version }),
      updateNotificationPreferences: () => {
        throw new CallableError({
          route: 'updateNotificationPreferences',
          httpStatus: 409,
          status: 'aborted',
          message: CHANGED_MESSAGES.notificationPreferences,
        });
      },
    });
    const user = renderSection();

    await user.selectOptions(await screen.findByRole('combobox', { name: 'Payment failed' }), 'Off');
    await user.click(screen.getByRole('button', { name: 'Save notification choices' }));

    expect(await screen.findByText(CHANGED_MESSAGES.notificationPreferences)).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Payment failed' })).toHaveValue('off');

    version = 5;
    await user.click(screen.getByRole('button', { name: 'Reload latest' }));
    await vi.waitFor(() => expect(callsTo('getNotificationPreferences')).toHaveLength(2));
    expect(await screen.findByRole('combobox', { name: 'Payment failed' })).toHaveValue('email');
    expect(screen.queryByText(CHANGED_MESSAGES.notificationPreferences)).toBeNull();
  });

  it('choices that cannot be read offer to try again', async () => {
    answer({
      getNotificationPreferences: () => {
        throw new Error('offline');
      },
    });
    renderSection();
    expect(await screen.findByRole('alert')).toHaveTextContent('Your notification choices could not be loaded');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
