import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_RETRY } from '../../core/constants';
import type { OrderFile } from '../../core/schemas/attachments';
import type { AttachmentTarget } from '../../web/src/features/attachments';
import { deleteFile, getDownloadUrl, uploadFile } from '../../web/src/features/attachments';
import { attachedFilesQueryOptions } from '../../web/src/features/attachments/api/list-files';
import { backoffDelay, retryStorage } from '../../web/src/features/attachments/api/storage-retry';
import { CallableError } from '../../web/src/lib/callable-error';

/**
 * spec 9 storage retries, against stand-ins that fail their first attempts: file operations keep trying for
 * 120 s, uploads for 600 s, with backoff; the spec 8 messages come only once retrying gave up, and answers that
 * will not change are not retried.
 */

const SECOND = 1000;

/** A stand-in storage PUT: each request answers as the test's script says, at once. */
class ScriptedXhr {
  static script: Array<'drop' | number> = [];
  static sent: ScriptedXhr[] = [];
  status = 0;
  statusText = '';
  timeout = 0;
  url = '';
  upload: { onprogress: ((event: Partial<ProgressEvent>) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  abort() {
    this.onabort?.();
  }
  send() {
    ScriptedXhr.sent.push(this);
    const next = ScriptedXhr.script.shift() ?? 200;
    queueMicrotask(() => {
      if (next === 'drop') return this.onerror?.();
      this.status = next;
      this.statusText = next === 200 ? 'OK' : next === 403 ? 'Forbidden' : 'Service Unavailable';
      this.onload?.();
    });
  }
}

const unavailable = (route: string) =>
  new CallableError({ route, httpStatus: 503, status: 'unavailable', message: 'The portal is busy.' });
const offline = (route: string) =>
  new CallableError({ route, httpStatus: 0, status: 'unavailable', message: 'The portal could not be reached.' });
const refused = (route: string, message: string) =>
  new CallableError({ route, httpStatus: 400, status: 'invalid-argument', message });

/** A stand-in for an order's file routes: each route fails its first `failures[route]` calls. */
function standIn(failures: Partial<Record<keyof AttachmentTarget, Array<() => Error>>> = {}) {
  const calls: Record<string, number> = {};
  const answer = <T>(route: keyof AttachmentTarget, value: T) => {
    calls[route] = (calls[route] ?? 0) + 1;
    const fail = failures[route]?.shift();
    return fail ? Promise.reject(fail()) : Promise.resolve(value);
  };
  let urls = 0;
  const target: AttachmentTarget = {
    noun: 'order',
    id: 'order-1',
    list: () => answer<OrderFile[]>('list', []),
    uploadUrl: () => answer('uploadUrl', { url: `http://s3.test/put/${++urls}`, key: 'orders/order-1/scan.pdf' }),
    confirm: () => answer('confirm', {}),
    downloadUrl: () => answer('downloadUrl', 'http://s3.test/get/scan.pdf'),
    remove: () => answer('remove', { success: true }),
  };
  return { target, calls };
}

const scan = () => new File(['%PDF-1.7'], 'scan.pdf', { type: 'application/pdf' });

/** Settles `promise` into a readable state, so the test can advance time and look. */
function watch<T>(promise: Promise<T>) {
  const state: { done: boolean; value?: T; error?: unknown } = { done: false };
  promise.then(
    (value) => Object.assign(state, { done: true, value }),
    (error: unknown) => Object.assign(state, { done: true, error }),
  );
  return state;
}

beforeEach(() => {
  vi.useFakeTimers();
  // The longest wait of each step, so the times below are exact.
  vi.spyOn(Math, 'random').mockReturnValue(1);
  ScriptedXhr.script = [];
  ScriptedXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', ScriptedXhr);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('backoff between attempts', () => {
  it('waits 1 s, then doubles up to 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => backoffDelay(n, () => 1))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
  });

  it('a random part of up to half is taken off, so many browsers do not retry in step', () => {
    expect(backoffDelay(3, () => 0)).toBe(2000);
  });

  it('the times are the spec 9 constants', () => {
    expect(STORAGE_RETRY).toMatchObject({ operationMs: 120_000, uploadMs: 600_000 });
  });
});

describe('uploads retry for up to 600 s (spec 9)', () => {
  it('a dropped connection is retried with a fresh URL after 1 s and the upload succeeds', async () => {
    ScriptedXhr.script = ['drop', 200];
    const { target, calls } = standIn();
    const retrying = vi.fn();
    const upload = watch(uploadFile(target, scan(), undefined, { onRetrying: retrying }));
    await vi.advanceTimersByTimeAsync(0);
    expect(ScriptedXhr.sent).toHaveLength(1);
    expect(retrying).toHaveBeenCalledWith({ attempt: 1, delayMs: 1000 });
    expect(upload.done).toBe(false);

    await vi.advanceTimersByTimeAsync(SECOND);
    expect(upload).toMatchObject({ done: true, value: { filename: 'scan.pdf' } });
    expect(ScriptedXhr.sent.map((x) => x.url)).toEqual(['http://s3.test/put/1', 'http://s3.test/put/2']);
    expect(calls).toMatchObject({ uploadUrl: 2, confirm: 1 });
  });

  it('the PUT may take the whole 600 s, less what the retries used', async () => {
    ScriptedXhr.script = ['drop', 200];
    const { target } = standIn();
    watch(uploadFile(target, scan()));
    await vi.advanceTimersByTimeAsync(SECOND);
    expect(ScriptedXhr.sent.map((x) => x.timeout)).toEqual([600_000, 599_000]);
  });

  it('a server that is busy when asked for the URL (503, no answer) is asked again', async () => {
    const { target, calls } = standIn({ uploadUrl: [() => unavailable('generateUploadUrl'), () => offline('x')] });
    const upload = watch(uploadFile(target, scan()));
    await vi.advanceTimersByTimeAsync(3 * SECOND);
    expect(upload.done).toBe(true);
    expect(upload.error).toBeUndefined();
    expect(calls.uploadUrl).toBe(3);
  });

  it('a connection that never comes back gives up before 600 s with "Upload failed with status 0: network error"', async () => {
    ScriptedXhr.script = Array.from({ length: 100 }, () => 'drop' as const);
    const { target } = standIn();
    const upload = watch(uploadFile(target, scan()));
    await vi.advanceTimersByTimeAsync(540 * SECOND);
    expect(upload.done).toBe(false);
    await vi.advanceTimersByTimeAsync(60 * SECOND);
    expect(upload.done).toBe(true);
    expect((upload.error as Error).message).toBe('Upload failed with status 0: network error');
    expect(ScriptedXhr.sent.length).toBeGreaterThan(15);
  });

  it('storage refusing the PUT (403) is not retried: the message comes at once', async () => {
    ScriptedXhr.script = [403];
    const { target } = standIn();
    const upload = watch(uploadFile(target, scan()));
    await vi.advanceTimersByTimeAsync(0);
    expect((upload.error as Error).message).toBe('Upload failed with status 403: Forbidden');
    expect(ScriptedXhr.sent).toHaveLength(1);
  });

  it('a refused file (400) is not retried: "Failed to get upload URL from server" with the reason at once', async () => {
    const { target, calls } = standIn({ uploadUrl: [() => refused('generateUploadUrl', 'This file is too large.')] });
    const upload = watch(uploadFile(target, scan()));
    await vi.advanceTimersByTimeAsync(0);
    expect(upload.error).toMatchObject({
      userMessage: 'Failed to get upload URL from server: This file is too large.',
    });
    expect(calls.uploadUrl).toBe(1);
  });

  it('attaching the arrived file is retried too; a refusal there says "The file could not be attached"', async () => {
    const { target, calls } = standIn({
      confirm: [() => unavailable('confirmOrderFile'), () => refused('confirmOrderFile', 'Not a PDF.')],
    });
    const upload = watch(uploadFile(target, scan()));
    await vi.advanceTimersByTimeAsync(SECOND);
    expect(upload.error).toMatchObject({ userMessage: 'The file could not be attached: Not a PDF.' });
    expect(calls.confirm).toBe(2);
  });

  it('a canceled upload is not retried', async () => {
    const cancel = new AbortController();
    ScriptedXhr.script = [];
    const { target } = standIn();
    const upload = watch(uploadFile(target, scan(), undefined, { signal: cancel.signal }));
    cancel.abort();
    await vi.advanceTimersByTimeAsync(10 * SECOND);
    expect(ScriptedXhr.sent).toHaveLength(1);
    expect(upload.done).toBe(true);
  });
});

describe('file operations retry for up to 120 s (spec 9)', () => {
  it('a delete that meets a busy server twice succeeds on the third attempt', async () => {
    const { target, calls } = standIn({ remove: [() => unavailable('deleteOrderFile'), () => offline('x')] });
    const removal = watch(deleteFile(target, 'scan.pdf'));
    await vi.advanceTimersByTimeAsync(3 * SECOND);
    expect(removal.done).toBe(true);
    expect(removal.error).toBeUndefined();
    expect(calls.remove).toBe(3);
  });

  it('a delete that keeps failing says "Failed to delete file from server" only after retrying up to 120 s', async () => {
    const { target } = standIn({ remove: Array.from({ length: 50 }, () => () => unavailable('deleteOrderFile')) });
    const removal = watch(deleteFile(target, 'scan.pdf'));
    await vi.advanceTimersByTimeAsync(90 * SECOND);
    expect(removal.done).toBe(false);
    await vi.advanceTimersByTimeAsync(30 * SECOND);
    expect(removal.error).toMatchObject({ userMessage: 'Failed to delete file from server' });
  });

  it('a download link that fails for a while is asked again, then given', async () => {
    const { target } = standIn({ downloadUrl: [() => offline('generateDownloadUrl')] });
    const link = watch(getDownloadUrl(target, 'scan.pdf'));
    await vi.advanceTimersByTimeAsync(SECOND);
    expect(link.value).toBe('http://s3.test/get/scan.pdf');
  });

  it('a download link that keeps failing says "Failed to get download URL from server" after 120 s', async () => {
    const { target } = standIn({ downloadUrl: Array.from({ length: 50 }, () => () => offline('x')) });
    const link = watch(getDownloadUrl(target, 'scan.pdf'));
    await vi.advanceTimersByTimeAsync(120 * SECOND);
    expect(link.error).toMatchObject({ userMessage: 'Failed to get download URL from server' });
  });

  it('a file that is not there (404) is not asked for again', async () => {
    const { target, calls } = standIn({
      downloadUrl: [
        () => new CallableError({ route: 'x', httpStatus: 404, status: 'not-found', message: 'Order not found' }),
      ],
    });
    const link = watch(getDownloadUrl(target, 'scan.pdf'));
    await vi.advanceTimersByTimeAsync(0);
    expect(link.done).toBe(true);
    expect(calls.downloadUrl).toBe(1);
  });

  it('the file list is retried before the page says it could not be loaded', async () => {
    const { target, calls } = standIn({ list: [() => unavailable('listOrderFiles')] });
    const query = attachedFilesQueryOptions(target);
    const list = watch(
      (query.queryFn as (context: { signal: AbortSignal }) => Promise<OrderFile[]>)({
        signal: new AbortController().signal,
      }),
    );
    await vi.advanceTimersByTimeAsync(SECOND);
    expect(list.value).toEqual([]);
    expect(calls.list).toBe(2);
  });

  it('retryStorage never starts an attempt after the deadline', async () => {
    const attempt = vi.fn(() => Promise.reject(offline('x')));
    const result = watch(retryStorage(attempt, { deadline: Date.now() + 10 * SECOND }));
    await vi.advanceTimersByTimeAsync(30 * SECOND);
    // Attempts at 0, 1, 3 and 7 s; the next would start at 15 s, after the 10 s deadline.
    expect(attempt).toHaveBeenCalledTimes(4);
    expect(result.done).toBe(true);
  });
});
