import { describeError } from '../../core/describe-error';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { refuseForeignHost } from './host-check';

/**
 * The path and query of an origin-form request target (`/a/b?c`), parsed against a fixed origin so that no
 * target can name another host (`//host/x`, `/\host`, `@host`); `null` for any other form (`*`, an absolute
 * `http://host/x` as sent to proxies) or for a target the URL parser refuses.
 */
export function originFormUrl(target: string | undefined): URL | null {
  if (!target?.startsWith('/')) return null;
  try {
    const url = new URL(`http://local${target}`);
    return url.host === 'local' ? url : null;
  } catch {
    return null;
  }
}

/**
 * Wraps a server's request listener so that no request can throw out of it (an uncaught error would end the
 * process, and with it every emulator of the local stack): an error, thrown or rejected, is logged and
 * answered with `fail` (a 500), or ends the connection when the answer had already started. A request whose
 * Host is not this server's own loopback address is refused first (403, `refuseForeignHost`).
 */
export function guardRequests(
  name: string,
  listener: (req: IncomingMessage, res: ServerResponse) => void | Promise<void>,
  options: { fail: (req: IncomingMessage, res: ServerResponse) => void; log?: (message: string) => void },
): RequestListener {
  const log = options.log ?? ((message: string) => console.error(message));
  const failed = (req: IncomingMessage, res: ServerResponse, error: unknown) => {
    try {
      // JSON.stringify escapes control characters: a request cannot write terminal escapes into the log.
      const target = JSON.stringify(String(req.url).slice(0, 200));
      log(`${name}: ${req.method} ${target} failed: ${describeError(error).message}`);
      if (res.headersSent) res.destroy();
      else options.fail(req, res);
    } catch {
      res.destroy();
    }
  };
  return (req, res) => {
    try {
      if (refuseForeignHost(req, res)) return;
      const done = listener(req, res);
      if (done) done.catch((error: unknown) => failed(req, res, error));
    } catch (error) {
      failed(req, res, error);
    }
  };
}
