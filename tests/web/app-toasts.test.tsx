import { act, render, screen } from '@testing-library/react';
import { toast } from 'react-toastify/unstyled';
import { afterEach, describe, expect, it } from 'vitest';
import { AppFrame } from '../../web/src/app/app';
import { notify } from '../../web/src/lib/notify';
import { notifyLazily } from '../../web/src/lib/notify-lazily';

/**
 * The app's toast container is not part of what a page needs to paint: it loads with the first message, and
 * a message raised before it is there still shows.
 */
const containerOf = (root: HTMLElement) => root.ownerDocument.querySelector('.Toastify');

afterEach(() => {
  act(() => toast.dismiss());
});

describe('the app frame and its toasts', () => {
  it('renders no toast container until a message needs one, then shows that message in it', async () => {
    const { container } = render(
      <AppFrame>
        <p>page</p>
      </AppFrame>,
    );
    expect(screen.getByText('page')).toBeInTheDocument();
    expect(containerOf(container)).toBeNull();

    act(() => void notify.success('Saved'));

    expect(await screen.findByRole('alert')).toHaveTextContent('Saved');
    expect(containerOf(container)).not.toBeNull();
  });

  it('shows a message sent through notifyLazily like any other', async () => {
    render(
      <AppFrame>
        <p>page</p>
      </AppFrame>,
    );
    notifyLazily('error', 'Access denied.');
    expect(await screen.findByRole('alert')).toHaveTextContent('Access denied.');
  });
});
