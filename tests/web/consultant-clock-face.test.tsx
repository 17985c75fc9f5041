import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { ClockHour, LandingFinding } from '../../core/schemas/consults';
import {
  ClockFacePicker,
  nextFinding,
  type LandingByHour,
} from '../../web/src/features/consults/components/clock-face-picker';

/** The picker with its own state, as the troubleshooter holds it; `latest` shows what it last reported. */
function Harness({ initial = {} }: { initial?: LandingByHour }) {
  const [value, setValue] = useState<LandingByHour>(initial);
  return (
    <>
      <ClockFacePicker
        value={value}
        onChange={(hour: ClockHour, finding: LandingFinding | undefined) =>
          setValue((current) => ({ ...current, [hour]: finding }))
        }
      />
      <output data-testid="value">{JSON.stringify(value)}</output>
    </>
  );
}

const clock = () => screen.getByRole('group', { name: /Clock face/ });
const hourButton = (name: RegExp | string) => within(clock()).getByRole('button', { name });
const reported = () => JSON.parse(screen.getByTestId('value').textContent ?? '{}') as LandingByHour;

describe('clock-face picker (landing by clock hour)', () => {
  it('names every hour with its finding, and the twelve hours are one tab stop', async () => {
    render(<Harness initial={{ 3: 'blanching' }} />);
    const buttons = within(clock()).getAllByRole('button', { name: /o'clock/ });
    expect(buttons).toHaveLength(12);
    expect(buttons[0]).toHaveAccessibleName("12 o'clock: Not recorded");
    expect(hourButton(/^3 o'clock/)).toHaveAccessibleName("3 o'clock: Blanching (compression)");
    expect(buttons.filter((b) => b.tabIndex === 0)).toHaveLength(1);

    const user = userEvent.setup();
    await user.tab();
    expect(hourButton(/^12 o'clock/)).toHaveFocus();
    await user.tab();
    expect(document.activeElement).toHaveAccessibleName('Mark the rest aligned');
  });

  it('arrow keys move around the clock (right and down clockwise, left and up back, wrapping at 12)', async () => {
    render(<Harness />);
    const user = userEvent.setup();
    await user.tab();
    await user.keyboard('{ArrowRight}');
    expect(hourButton(/^1 o'clock/)).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(hourButton(/^3 o'clock/)).toHaveFocus();
    await user.keyboard('{ArrowLeft}{ArrowUp}{ArrowLeft}{ArrowLeft}');
    expect(hourButton(/^11 o'clock/)).toHaveFocus();
    await user.keyboard('{Home}');
    expect(hourButton(/^12 o'clock/)).toHaveFocus();
    await user.keyboard('{End}');
    expect(hourButton(/^11 o'clock/)).toHaveFocus();
    // The focused hour is the one tab stop, so Tab out and back returns to it.
    expect(hourButton(/^11 o'clock/).tabIndex).toBe(0);
  });

  it('Enter and Space step through aligned, edge lift, blanching, impingement and back to not recorded', async () => {
    render(<Harness />);
    const user = userEvent.setup();
    await user.tab();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}'); // 3 o'clock
    const labels: string[] = [];
    for (const key of ['{Enter}', ' ', '{Enter}', ' ', '{Enter}']) {
      await user.keyboard(key);
      labels.push(hourButton(/^3 o'clock/).getAttribute('aria-label') ?? '');
    }
    expect(labels).toEqual([
      "3 o'clock: Aligned",
      "3 o'clock: Edge lift",
      "3 o'clock: Blanching (compression)",
      "3 o'clock: Impingement",
      "3 o'clock: Not recorded",
    ]);
    expect(nextFinding('impingement')).toBeUndefined();
  });

  it('letter keys choose a finding directly, Delete clears it, and the change is announced', async () => {
    render(<Harness />);
    const user = userEvent.setup();
    await user.tab();
    await user.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}'); // 9 o'clock
    await user.keyboard('b');
    expect(reported()).toEqual({ 9: 'blanching' });
    expect(
      screen.getByText("9 o'clock: Blanching (compression)", { selector: '[aria-live] *, [aria-live]' }),
    ).toBeInTheDocument();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}e'); // 12 o'clock
    expect(reported()).toMatchObject({ 9: 'blanching', 12: 'edge-lift' });
    await user.keyboard('{Delete}');
    expect(reported()[12]).toBeUndefined();
    expect(hourButton(/^12 o'clock/)).toHaveAccessibleName("12 o'clock: Not recorded");
  });

  it('the list of selects is the same findings in text and edits the same values', async () => {
    render(<Harness initial={{ 6: 'impingement' }} />);
    const list = screen.getByRole('group', { name: 'The same findings as a list' });
    expect(within(list).getByLabelText("6 o'clock")).toHaveValue('impingement');
    expect(within(list).getByLabelText("12 o'clock")).toHaveValue('');

    const user = userEvent.setup();
    await user.selectOptions(within(list).getByLabelText("3 o'clock"), 'edge-lift');
    expect(hourButton(/^3 o'clock/)).toHaveAccessibleName("3 o'clock: Edge lift");
    await user.click(hourButton(/^6 o'clock/));
    expect(within(list).getByLabelText("6 o'clock")).toHaveValue('');
  });

  it('"Mark the rest aligned" fills only the unmarked hours', async () => {
    render(<Harness initial={{ 3: 'blanching', 9: 'blanching' }} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Mark the rest aligned' }));
    const value = reported();
    expect(value[3]).toBe('blanching');
    expect(value[9]).toBe('blanching');
    expect(Object.values(value).filter((f) => f === 'aligned')).toHaveLength(10);
    expect(screen.getByRole('button', { name: 'Mark the rest aligned' })).toBeDisabled();
  });
});
