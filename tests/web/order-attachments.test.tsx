import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_RETRY } from '../../core/constants';
import {
  ATTACHMENT_COUNT_MESSAGE,
  ATTACHMENT_LIMITS,
  ATTACHMENT_SIZE_MESSAGE,
  ATTACHMENT_TYPE_MESSAGE,
  type OrderFile,
} from '../../core/schemas/attachments';
import { OrderAttachments, type OrderAttachmentsProps } from '../../web/src/features/attachments';
import { callRoute } from '../../web/src/lib/api-client';
import { CallableError } from '../../web/src/lib/callable-error';

vi.mock('../../web/src/lib/api-client', () => ({ callRoute: vi.fn() }));
const route = vi.mocked(callRoute);

const ORDER = '0f8fad5b-d9cb-469f-a165-70867728950e';

/** A stand-in for the browser's XMLHttpRequest: the test drives progress and the answer. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  timeout = 0;
  body: unknown;
  status = 0;
  statusText = '';
  upload: { onprogress: ((event: Partial<ProgressEvent>) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  respond(status: number, statusText: string) {
    this.status = status;
    this.statusText = statusText;
    this.onload?.();
  }
}

const stored = (filename: string, size = 2048, contentType = 'application/pdf'): OrderFile => ({
  filename,
  size,
  contentType,
  lastModified: '2025-03-01T10:00:00.000Z',
});

let files: OrderFile[];

beforeEach(() => {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  files = [stored('Pentacam OD.pdf', 150_000)];
  route.mockReset();
  route.mockImplementation(async (name: string, input: unknown) => {
    const data = input as { filename: string; orderId: string };
    if (name === 'listOrderFiles') return { files: [...files] };
    if (name === 'generateUploadUrl') {
      return { url: `http://s3.test/put/${data.filename}`, key: `orders/${data.orderId}/${data.filename}` };
    }
    if (name === 'generateDownloadUrl') return { url: `http://s3.test/get/${data.filename}` };
    if (name === 'deleteOrderFile') return { success: true };
    if (name === 'confirmOrderFile') return { file: stored(data.filename, 10) };
    throw new Error(`unexpected route ${name}`);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

function renderAttachments(props: Partial<OrderAttachmentsProps> = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const onChange = vi.fn();
  render(
    <QueryClientProvider client={queryClient}>
      <OrderAttachments orderId={ORDER} editable onChange={onChange} {...props} />
    </QueryClientProvider>,
  );
  // Lets refused files through, as a drop or the picker's "All files" would.
  return { onChange, user: userEvent.setup({ applyAccept: false }) };
}

const pdf = (name: string, size = 5000) =>
  new File(['x'.repeat(Math.min(size, 10))], name, { type: 'application/pdf' });
function sized(file: File, size: number) {
  Object.defineProperty(file, 'size', { value: size });
  return file;
}
const fileInput = () => screen.getByLabelText('Add files');
const uploadCalls = () => route.mock.calls.filter(([name]) => name === 'generateUploadUrl');

describe('order attachments: listing (spec 3 "File listing entry")', () => {
  it('shows each file with name, size and type, and gives the order form spec 3 attachments {name,size,type}', async () => {
    const { onChange } = renderAttachments();
    const list = await screen.findByRole('list', { name: 'Attached files' });
    expect(within(list).getByText('Pentacam OD.pdf')).toBeVisible();
    expect(within(list).getByText('146 KB · application/pdf')).toBeVisible();
    expect(within(list).getByRole('button', { name: 'Download Pentacam OD.pdf' })).toBeEnabled();
    expect(onChange).toHaveBeenLastCalledWith([{ name: 'Pentacam OD.pdf', size: 150_000, type: 'application/pdf' }]);
  });

  it('read-only (not editable): no file input and no delete, downloads still offered', async () => {
    renderAttachments({ editable: false });
    expect(await screen.findByRole('button', { name: 'Download Pentacam OD.pdf' })).toBeVisible();
    expect(screen.queryByLabelText('Add files')).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
  });

  it('the file input is labelled, takes several files and offers only the allowlisted types', async () => {
    renderAttachments();
    await screen.findByText('Pentacam OD.pdf');
    expect(fileInput()).toHaveAttribute('multiple');
    expect(fileInput().getAttribute('accept')).toContain('application/pdf');
    expect(fileInput()).toHaveAccessibleDescription(/Up to 50 MB each, 10 files per order/);
  });
});

describe('order attachments: uploads with a progress bar per file (spec 7 generateUploadUrl then PUT)', () => {
  it('uploads each chosen file with its own progress bar, then lists it and reports it through onChange', async () => {
    const { onChange, user } = renderAttachments();
    await screen.findByText('Pentacam OD.pdf');
    await user.upload(fileInput(), [pdf('left.pdf'), pdf('right.pdf')]);

    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    const bars = screen.getAllByRole('progressbar');
    expect(bars.map((b) => b.getAttribute('aria-label'))).toEqual(['Uploading left.pdf', 'Uploading right.pdf']);
    expect(bars.map((b) => b.getAttribute('aria-valuenow'))).toEqual(['0', '0']);

    const [left, right] = FakeXhr.sent as [FakeXhr, FakeXhr];
    expect(left).toMatchObject({
      method: 'PUT',
      url: 'http://s3.test/put/left.pdf',
      headers: { 'Content-Type': 'application/pdf' },
    });
    // spec 9: the PUT may use what is left of the upload's 600 s (asking for the URL took a moment).
    expect(left.timeout).toBeLessThanOrEqual(STORAGE_RETRY.uploadMs);
    expect(left.timeout).toBeGreaterThan(STORAGE_RETRY.uploadMs - 60_000);
    expect(uploadCalls()[0]?.[1]).toEqual({
      orderId: ORDER,
      filename: 'left.pdf',
      contentType: 'application/pdf',
      size: 10,
    });

    left.progress(40, 100);
    right.progress(75, 100);
    await waitFor(() =>
      expect(screen.getByRole('progressbar', { name: 'Uploading left.pdf' })).toHaveAttribute('aria-valuenow', '40'),
    );
    expect(screen.getByRole('progressbar', { name: 'Uploading right.pdf' })).toHaveAttribute('aria-valuenow', '75');

    files = [...files, stored('left.pdf', 10)];
    left.respond(200, 'OK');
    await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'Uploading left.pdf' })).toBeNull());
    expect(await screen.findByText('left.pdf')).toBeVisible();
    await waitFor(() =>
      expect(onChange).toHaveBeenLastCalledWith([
        { name: 'Pentacam OD.pdf', size: 150_000, type: 'application/pdf' },
        { name: 'left.pdf', size: 10, type: 'application/pdf' },
      ]),
    );
    expect(screen.getByRole('progressbar', { name: 'Uploading right.pdf' })).toBeVisible();
  });

  it('asks the server to attach each file after its PUT (confirmOrderFile), not before', async () => {
    const { user } = renderAttachments();
    await screen.findByText('Pentacam OD.pdf');
    await user.upload(fileInput(), pdf('scan.pdf'));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const confirms = () => route.mock.calls.filter(([name]) => name === 'confirmOrderFile');
    expect(confirms()).toHaveLength(0);
    FakeXhr.sent[0]!.respond(200, 'OK');
    await waitFor(() => expect(confirms()).toHaveLength(1));
    expect(confirms()[0]?.[1]).toEqual({ orderId: ORDER, filename: 'scan.pdf' });
  });

  it('a file the server refuses to attach shows "The file could not be attached" with the server’s reason', async () => {
    const reason = 'The contents of scan.pdf are not a PDF. Attach the original file as exported.';
    route.mockImplementation(async (name: string, input: unknown) => {
      const data = input as { filename: string; orderId: string };
      if (name === 'listOrderFiles') return { files: [] };
      if (name === 'generateUploadUrl') return { url: 'http://s3.test/put/x', key: `orders/${data.orderId}/scan.pdf` };
      throw new CallableError({
        route: 'confirmOrderFile',
        httpStatus: 400,
        status: 'invalid-argument',
        message: reason,
      });
    });
    const { user } = renderAttachments();
    await screen.findByText('No files attached.');
    await user.upload(fileInput(), pdf('scan.pdf'));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    FakeXhr.sent[0]!.respond(200, 'OK');
    expect(await screen.findByRole('alert')).toHaveTextContent(`The file could not be attached: ${reason}`);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('accepts a dropped file (drag and drop)', async () => {
    renderAttachments();
    await screen.findByText('Pentacam OD.pdf');
    fireEvent.drop(screen.getByTestId('attachment-drop-zone'), { dataTransfer: { files: [pdf('dropped.pdf')] } });
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    expect(screen.getByRole('progressbar', { name: 'Uploading dropped.pdf' })).toBeVisible();
  });

  it('declares the type from the extension when the browser reports none (DICOM exports)', async () => {
    const { user } = renderAttachments();
    await screen.findByText('Pentacam OD.pdf');
    await user.upload(fileInput(), new File(['dicom'], 'oct.dcm', { type: '' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    expect(uploadCalls()[0]?.[1]).toMatchObject({ contentType: 'application/dicom' });
    expect(FakeXhr.sent[0]?.headers['Content-Type']).toBe('application/dicom');
  });

  it('a failed PUT shows "Upload failed with status {code}: {text}"', async () => {
    const { user } = renderAttachments();
    await screen.findByText('Pentacam OD.pdf');
    await user.upload(fileInput(), pdf('scan.pdf'));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    FakeXhr.sent[0]!.respond(403, 'Forbidden');
    expect(await screen.findByRole('alert')).toHaveTextContent('Upload failed with status 403: Forbidden');
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('a refused upload URL shows "Failed to get upload URL from server" with the server’s reason', async () => {
    route.mockImplementation(async (name: string) => {
      if (name === 'listOrderFiles') return { files: [] };
      throw new CallableError({
        route: 'generateUploadUrl',
        httpStatus: 400,
        status: 'invalid-argument',
        message: ATTACHMENT_COUNT_MESSAGE,
      });
    });
    const { user } = renderAttachments();
    await screen.findByText('No files attached.');
    await user.upload(fileInput(), pdf('scan.pdf'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `Failed to get upload URL from server: ${ATTACHMENT_COUNT_MESSAGE}`,
    );
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('a server failure (5xx) is retried; once retrying gave up it shows only "Failed to get upload URL from server"', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    route.mockImplementation(async (name: string) => {
      if (name === 'listOrderFiles') return { files: [] };
      throw new CallableError({ route: 'generateUploadUrl', httpStatus: 500, message: 'Internal error (ref abc)' });
    });
    const { user } = renderAttachments();
    await screen.findByText('No files attached.');
    await user.upload(fileInput(), pdf('scan.pdf'));
    await waitFor(() =>
      expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuetext', expect.stringMatching(/^Retrying/)),
    );
    expect(screen.queryByRole('alert')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(STORAGE_RETRY.uploadMs));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to get upload URL from server$/);
    expect(uploadCalls().length).toBeGreaterThan(5);
  });

  it('a dropped connection shows "Retrying" on the progress bar, then the upload goes through', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    // The second attempt's URL waits for the test, so "Retrying" stays until the test lets it go on.
    let letSecondAttemptGo: () => void = () => {};
    const secondUrl = new Promise<void>((resolve) => (letSecondAttemptGo = resolve));
    const answers = route.getMockImplementation();
    route.mockImplementation(async (name: string, input: unknown) => {
      if (name === 'generateUploadUrl' && uploadCalls().length === 2) await secondUrl;
      return answers!(name as never, input as never);
    });
    const { user } = renderAttachments();
    await screen.findByText('Pentacam OD.pdf');
    await user.upload(fileInput(), pdf('scan.pdf'));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    FakeXhr.sent[0]!.progress(30, 100);
    FakeXhr.sent[0]!.onerror?.();
    const bar = await screen.findByRole('progressbar', { name: 'Uploading scan.pdf' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuetext', 'Retrying, 30% sent before'), { timeout: 5000 });
    expect(screen.getByText('Retrying…')).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();

    // The second attempt starts after the backoff (0.5 s here) with a fresh URL.
    await waitFor(() => expect(uploadCalls()).toHaveLength(2), { timeout: 5000 });
    expect(bar).toHaveAttribute('aria-valuetext', 'Retrying, 30% sent before');
    letSecondAttemptGo();
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2), { timeout: 5000 });
    files = [...files, stored('scan.pdf', 10)];
    FakeXhr.sent[1]!.respond(200, 'OK');
    await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'Uploading scan.pdf' })).toBeNull(), {
      timeout: 5000,
    });
    const listed = within(screen.getByRole('list', { name: 'Attached files' }));
    expect(await listed.findByText('scan.pdf', {}, { timeout: 5000 })).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('order attachments: refused in the browser before the server is asked', () => {
  it('refuses a type outside the allowlist with the allowlist message', async () => {
    const { user } = renderAttachments();
    await screen.findByText('Pentacam OD.pdf');
    await user.upload(fileInput(), new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ATTACHMENT_TYPE_MESSAGE);
    expect(uploadCalls()).toHaveLength(0);
  });

  it('refuses a file over 50 MB with the size message', async () => {
    const { user } = renderAttachments();
    await screen.findByText('Pentacam OD.pdf');
    await user.upload(fileInput(), sized(pdf('huge.pdf'), ATTACHMENT_LIMITS.maxBytes + 1));
    expect(await screen.findByRole('alert')).toHaveTextContent(ATTACHMENT_SIZE_MESSAGE);
    expect(uploadCalls()).toHaveLength(0);
  });

  it(`refuses files beyond ${ATTACHMENT_LIMITS.maxFiles} per order, counting the stored ones`, async () => {
    files = Array.from({ length: ATTACHMENT_LIMITS.maxFiles - 1 }, (_, i) => stored(`scan-${i}.pdf`));
    const { user } = renderAttachments();
    await screen.findByText('scan-0.pdf');
    await user.upload(fileInput(), [pdf('tenth.pdf'), pdf('eleventh.pdf')]);
    expect(await screen.findByRole('alert')).toHaveTextContent(ATTACHMENT_COUNT_MESSAGE);
    expect(uploadCalls().map(([, input]) => (input as { filename: string }).filename)).toEqual(['tenth.pdf']);
  });

  it('a refused file can be dismissed', async () => {
    const { user } = renderAttachments();
    await screen.findByText('Pentacam OD.pdf');
    await user.upload(fileInput(), new File(['x'], 'notes.docx', { type: 'application/msword' }));
    await user.click(await screen.findByRole('button', { name: 'Dismiss notes.docx' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('order attachments: download and delete', () => {
  it('download asks for a URL and opens it; a failure shows "Failed to get download URL from server"', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user } = renderAttachments();
    await user.click(await screen.findByRole('button', { name: 'Download Pentacam OD.pdf' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(route).toHaveBeenCalledWith('generateDownloadUrl', { orderId: ORDER, filename: 'Pentacam OD.pdf' });

    route.mockRejectedValueOnce(
      new CallableError({ route: 'generateDownloadUrl', httpStatus: 404, status: 'not-found', message: 'Not found' }),
    );
    await user.click(screen.getByRole('button', { name: 'Download Pentacam OD.pdf' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to get download URL from server: Not found$/);
    click.mockRestore();
  });

  it('delete asks for confirmation first; Cancel deletes nothing', async () => {
    const { user } = renderAttachments();
    await user.click(await screen.findByRole('button', { name: 'Delete Pentacam OD.pdf' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete file?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(route.mock.calls.some(([name]) => name === 'deleteOrderFile')).toBe(false);
  });

  it('confirmed delete removes the file and reports the shorter list through onChange', async () => {
    const { onChange, user } = renderAttachments();
    await user.click(await screen.findByRole('button', { name: 'Delete Pentacam OD.pdf' }));
    files = [];
    await user.click(screen.getByRole('button', { name: 'Delete file' }));
    expect(route).toHaveBeenCalledWith('deleteOrderFile', { orderId: ORDER, filename: 'Pentacam OD.pdf' });
    expect(await screen.findByText('No files attached.')).toBeVisible();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith([]));
  });

  it('a delete that keeps failing shows "Failed to delete file from server" once retrying gave up, and keeps the file', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user } = renderAttachments();
    await user.click(await screen.findByRole('button', { name: 'Delete Pentacam OD.pdf' }));
    const listing = route.getMockImplementation();
    route.mockImplementation(async (name: string, input: unknown) => {
      if (name === 'deleteOrderFile')
        throw new CallableError({ route: 'deleteOrderFile', httpStatus: 500, message: 'boom' });
      return listing!(name as never, input as never);
    });
    await user.click(screen.getByRole('button', { name: 'Delete file' }));
    const dialog = screen.getByRole('alertdialog');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(STORAGE_RETRY.operationMs));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/^Failed to delete file from server$/);
    expect(screen.getByText('Pentacam OD.pdf', { selector: 'span' })).toBeInTheDocument();
  });
});
