import { act, render, screen } from '@testing-library/react';
import { ToastContainer, toast } from 'react-toastify/unstyled';
import { afterEach, describe, expect, it } from 'vitest';
import { notify, repeatCount, TOAST_CONTAINER_PROPS, toastIdFor } from '../../web/src/lib/notify';

function renderToasts() {
  return render(<ToastContainer {...TOAST_CONTAINER_PROPS} />);
}

afterEach(() => {
  act(() => toast.dismiss());
});

describe('notifications (spec 2 "Notifications", spec 9 toast limits)', () => {
  it('the container is top-right, 5 s, with close button and progress bar, at most 5 open', () => {
    expect(TOAST_CONTAINER_PROPS).toMatchObject({
      position: 'top-right',
      autoClose: 5000,
      closeButton: true,
      hideProgressBar: false,
      limit: 5,
    });
  });

  it('a duplicate message does not open a second toast: the open one counts it "(x2)"', async () => {
    renderToasts();
    act(() => void notify.error('Order could not be saved'));
    expect(await screen.findByText('Order could not be saved')).toBeInTheDocument();
    act(() => void notify.error('Order could not be saved'));
    expect(await screen.findByText('(x2)')).toBeInTheDocument();
    act(() => void notify.error('Order could not be saved'));
    expect(await screen.findByText('(x3)')).toBeInTheDocument();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(repeatCount(toastIdFor('error', 'Order could not be saved'))).toBe(3);
  });

  it('the same text of another kind is another toast', async () => {
    renderToasts();
    act(() => {
      notify.info('Saved');
      notify.success('Saved');
    });
    expect(await screen.findAllByText('Saved')).toHaveLength(2);
  });

  it('a message is text: HTML in it shows as characters and never becomes markup or runs', async () => {
    renderToasts();
    const message =
      '<b>Invoice 1042</b> paid<img src=x onerror="window.hacked=true"><script>window.hacked=true</script>';
    act(() => void notify.info(message));
    const body = await screen.findByText(message);
    expect(body.querySelector('b, img, script')).toBeNull();
    expect((window as unknown as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it('toast ids come from the content, so equal messages map to the same toast', () => {
    expect(toastIdFor('error', 'A')).toBe(toastIdFor('error', 'A'));
    expect(toastIdFor('error', 'A')).not.toBe(toastIdFor('error', 'B'));
    expect(toastIdFor('error', 'A')).not.toBe(toastIdFor('info', 'A'));
  });
});
