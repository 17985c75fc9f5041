import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_RETRY } from '../../core/constants';
import { ATTACHMENT_LIMITS, attachmentCountMessage, type OrderFile } from '../../core/schemas/attachments';
import { ConsultAttachments } from '../../web/src/features/attachments';
import { callRoute } from '../../web/src/lib/api-client';
import { CallableError } from '../../web/src/lib/callable-error';

vi.mock('../../web/src/lib/api-client', () => ({ callRoute: vi.fn() }));
const route = vi.mocked(callRoute);

const CONSULT = '3b241101-e2bb-4255-8caf-4136c566a962';

/** The browser's XMLHttpRequest, answering every PUT at once. */
class InstantXhr {
  static sent: { url: string; contentType: string }[] = [];
  url = '';
  contentType = '';
  timeout = 0;
  status = 0;
  statusText = '';
  upload = { onprogress: null };
  onload: (() => void) | null = null;
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    if (name === 'Content-Type') this.contentType = value;
  }
  send() {
    InstantXhr.sent.push({ url: this.url, contentType: this.contentType });
    this.status = 200;
    queueMicrotask(() => this.onload?.());
  }
  abort() {}
}

const stored = (filename: string, contentType = 'image/png'): OrderFile => ({
  filename,
  size: 2048,
  contentType,
  lastModified: '2025-03-01T10:00:00.000Z',
});

let files: OrderFile[];

beforeEach(() => {
  InstantXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', InstantXhr);
  files = [stored('edge lift 6h.png')];
  route.mockReset();
  route.mockImplementation(async (name: string, input: unknown) => {
    const data = input as { filename: string; consultId: string };
    if (name === 'listConsultFiles') return { files: [...files] };
    if (name === 'generateConsultUploadUrl') {
      return { url: `http://s3.test/put/${data.filename}`, key: `consults/${data.consultId}/${data.filename}` };
    }
    if (name === 'confirmConsultFile') {
      files = [...files, stored(data.filename, 'application/pdf')];
      return { file: stored(data.filename, 'application/pdf') };
    }
    if (name === 'generateConsultDownloadUrl') return { url: `http://s3.test/get/${data.filename}` };
    if (name === 'deleteConsultFile') return { success: true };
    throw new Error(`unexpected route ${name}`);
  });
});
afterEach(() => vi.unstubAllGlobals());

function renderConsultAttachments(canChange: boolean) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ConsultAttachments consultId={CONSULT} canChange={canChange} />
    </QueryClientProvider>,
  );
  return userEvent.setup({ applyAccept: false });
}

const routesCalled = () => route.mock.calls.map(([name]) => name);

describe('consult attachments: the order attachment component on the consult routes', () => {
  it('lists the consult’s files through listConsultFiles, never an order route', async () => {
    renderConsultAttachments(false);
    const list = await screen.findByRole('list', { name: 'Attached files' });
    expect(within(list).getByText('edge lift 6h.png')).toBeVisible();
    expect(route).toHaveBeenCalledWith('listConsultFiles', { consultId: CONSULT });
    expect(routesCalled().every((name) => name.includes('Consult'))).toBe(true);
  });

  it('uploads through generateConsultUploadUrl, the PUT, then confirmConsultFile, and lists the new file', async () => {
    const user = renderConsultAttachments(true);
    await screen.findByText('edge lift 6h.png');
    await user.upload(screen.getByLabelText('Add files'), new File(['%PDF'], 'oct.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('oct.pdf')).toBeVisible();
    expect(route).toHaveBeenCalledWith('generateConsultUploadUrl', {
      consultId: CONSULT,
      filename: 'oct.pdf',
      contentType: 'application/pdf',
      size: 4,
    });
    expect(InstantXhr.sent).toEqual([{ url: 'http://s3.test/put/oct.pdf', contentType: 'application/pdf' }]);
    expect(route).toHaveBeenCalledWith('confirmConsultFile', { consultId: CONSULT, filename: 'oct.pdf' });
  });

  it('names the consult in its limits and refuses an eleventh file before asking the server', async () => {
    files = Array.from({ length: ATTACHMENT_LIMITS.maxFiles }, (_, i) => stored(`scan-${i}.png`));
    const user = renderConsultAttachments(true);
    await screen.findByText('scan-0.png');
    expect(screen.getByLabelText('Add files')).toHaveAccessibleDescription(/10 files per consult/);
    await user.upload(screen.getByLabelText('Add files'), new File(['x'], 'more.pdf', { type: 'application/pdf' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(attachmentCountMessage('consult'));
    expect(routesCalled()).not.toContain('generateConsultUploadUrl');
  });

  it('deletes through deleteConsultFile after confirmation, asking about “this consult”', async () => {
    const user = renderConsultAttachments(true);
    await user.click(await screen.findByRole('button', { name: 'Delete edge lift 6h.png' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete file?' });
    expect(dialog).toHaveTextContent('from this consult?');
    files = [];
    await user.click(within(dialog).getByRole('button', { name: 'Delete file' }));
    expect(route).toHaveBeenCalledWith('deleteConsultFile', { consultId: CONSULT, filename: 'edge lift 6h.png' });
    expect(await screen.findByText('No files attached.')).toBeVisible();
  });

  it('downloads through generateConsultDownloadUrl', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const user = renderConsultAttachments(false);
    await user.click(await screen.findByRole('button', { name: 'Download edge lift 6h.png' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(route).toHaveBeenCalledWith('generateConsultDownloadUrl', {
      consultId: CONSULT,
      filename: 'edge lift 6h.png',
    });
    click.mockRestore();
  });

  it('without canChange (answered, or the lab’s view) offers downloads only: no input, no delete', async () => {
    renderConsultAttachments(false);
    expect(await screen.findByRole('button', { name: 'Download edge lift 6h.png' })).toBeVisible();
    expect(screen.queryByLabelText('Add files')).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
  });

  it('shows an image from its preview URL where it is listed, and no preview for a file without one', async () => {
    files = [
      { ...stored('edge lift 6h.png'), previewUrl: 'http://s3.test/inline/edge%20lift%206h.png' },
      stored('topography.pdf', 'application/pdf'),
    ];
    renderConsultAttachments(false);
    const preview = await screen.findByRole('img', { name: 'Preview of edge lift 6h.png' });
    expect(preview).toHaveAttribute('src', 'http://s3.test/inline/edge%20lift%206h.png');
    expect(screen.getAllByRole('img')).toHaveLength(1);
  });

  it('a list that fails to load says the consult’s files could not be loaded, once retrying gave up', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    route.mockImplementation(async () => {
      throw new CallableError({ route: 'listConsultFiles', httpStatus: 500, message: 'boom' });
    });
    renderConsultAttachments(false);
    await act(() => vi.advanceTimersByTimeAsync(STORAGE_RETRY.operationMs));
    expect(await screen.findByText('The files of this consult could not be loaded.')).toBeVisible();
    vi.useRealTimers();
  });
});
