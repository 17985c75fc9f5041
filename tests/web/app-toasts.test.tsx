import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { toast } from 'react-toastify/unstyled';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppFrame } from '../../web/src/app/app';
import { notify } from '../../web/src/lib/notify';
import { notifyLazily } from '../../web/src/lib/notify-lazily';
import { needToastsOnFirstInteraction, toastsFailedToLoad, useToastsNeeded } from '../../web/src/lib/toasts-needed';

/**
 * The app's toast container is not part of what a page needs to paint: it loads with the first message, and
 * a message raised before it is there still shows.
 */
const containerOf = (root: HTMLElement) => root.ownerDocument.querySelector('.Toastify');

afterEach(() => {
  act(() => toast.dismiss());
  // Each test starts with no container wanted (the flag is the module's, shared by the tests of this file).
  act(() => toastsFailedToLoad());
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

  it('loads the container on the first key press or tap, before any message, so it is there when one comes', async () => {
    const { container } = render(
      <AppFrame>
        <p>page</p>
      </AppFrame>,
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(containerOf(container)).toBeNull();
    fireEvent.keyDown(window, { key: 'a' });
    await waitFor(() => expect(containerOf(container)).not.toBeNull());
  });
});

describe('when the toast code cannot be loaded', () => {
  it('a container that failed to load is unmounted, so the next message loads it again', () => {
    const seen: boolean[] = [];
    function Probe() {
      seen.push(useToastsNeeded());
      return null;
    }
    render(<Probe />);
    const stop = needToastsOnFirstInteraction();
    act(() => void fireEvent.pointerDown(window));
    expect(seen.at(-1)).toBe(true);
    act(() => toastsFailedToLoad());
    expect(seen.at(-1)).toBe(false);
    stop();
  });

  it('a message whose code cannot be fetched is logged, not left as an unhandled failure', async () => {
    vi.resetModules();
    vi.doMock('../../web/src/lib/notify', () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { notifyLazily: notifyOffline } = await import('../../web/src/lib/notify-lazily');
    notifyOffline('error', 'The portal could not be reached.');
    await waitFor(() =>
      expect(warn).toHaveBeenCalledWith(
        '[lenslab] A message could not be shown',
        expect.objectContaining({ message: 'The portal could not be reached.' }),
      ),
    );
    vi.doUnmock('../../web/src/lib/notify');
    warn.mockRestore();
  });

  it('a container whose file cannot be fetched leaves the page standing, and the next message loads it again', async () => {
    vi.resetModules();
    let reachable = false;
    vi.doMock('../../web/src/app/toast-container', async (importOriginal) => {
      if (!reachable) throw new TypeError('Failed to fetch dynamically imported module');
      return importOriginal();
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // React reports the caught error too
    const { AppFrame: Frame } = await import('../../web/src/app/app');
    const { notify: notifyFresh } = await import('../../web/src/lib/notify');
    render(
      <Frame>
        <p>page</p>
      </Frame>,
    );

    act(() => void notifyFresh.error('The portal could not be reached.'));
    await waitFor(() =>
      expect(warn).toHaveBeenCalledWith('[lenslab] The message area could not be loaded', expect.anything()),
    );
    expect(screen.getByText('page')).toBeInTheDocument();

    reachable = true;
    act(() => void notifyFresh.success('Saved'));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    // The message raised while the file could not be fetched was queued, and shows too while it lasts.
    expect(screen.getByText('The portal could not be reached.')).toBeInTheDocument();
    vi.doUnmock('../../web/src/app/toast-container');
    vi.restoreAllMocks();
  });
});
