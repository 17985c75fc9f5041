import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CopyButton } from '../../web/src/components/ui/copy-button';

let writeText: ReturnType<typeof vi.fn>;

beforeEach(() => {
  vi.useFakeTimers();
  writeText = vi.fn(async () => undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});
afterEach(() => vi.useRealTimers());

describe('account number copy button (spec 2, spec 9 copy confirmation 3 s)', () => {
  it('copies the account number and shows "Copied!" for 3 seconds', async () => {
    render(<CopyButton text="LL-10042" label="Copy account number LL-10042" />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy account number LL-10042' }));
    await act(() => vi.advanceTimersByTimeAsync(0));

    expect(writeText).toHaveBeenCalledWith('LL-10042');
    expect(screen.getByText('Copied!')).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(2999));
    expect(screen.getByText('Copied!')).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.queryByText('Copied!')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy account number LL-10042' })).toBeInTheDocument();
  });

  it('a second copy restarts the 3 seconds', async () => {
    render(<CopyButton text="LL-10042" label="Copy" />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await act(() => vi.advanceTimersByTimeAsync(2000));
    fireEvent.click(screen.getByRole('button', { name: 'Copied!' }));
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(screen.getByText('Copied!')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.queryByText('Copied!')).not.toBeInTheDocument();
  });
});
