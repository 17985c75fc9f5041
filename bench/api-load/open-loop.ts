/**
 * An open-loop load client (a process of its own, started by bench/api-load.ts): request i is sent at
 * start + i / rate whether or not earlier answers have come back, and its latency is counted from that
 * scheduled moment, so a server that falls behind shows it in the percentiles instead of slowing the client
 * down (no coordinated omission). Reads one phase as JSON from argv[2], prints one result line of JSON.
 */
import { randomUUID } from 'node:crypto';
import { Agent, request, type ClientRequest } from 'node:http';
import { performance } from 'node:perf_hooks';

export interface Phase {
  url: string;
  token: string;
  rate: number;
  seconds: number;
  /** Request bodies, used in turn; `$UUID` in one is replaced by a fresh UUID per request. */
  bodies: string[];
  timeoutMs: number;
  /**
   * Drafts to update in turn (an autosave each): `$ORDER_ID` and `"$VERSION"` in the body name the draft and
   * the version its last save answered. A draft whose save is still on its way is skipped while another is
   * free, as one person's form never sends two saves at once.
   */
  drafts?: Draft[];
}

export interface Draft {
  orderId: string;
  version: number;
}

type LiveDraft = Draft & { busy: boolean };

export interface PhaseResult {
  sent: number;
  ok: number;
  /** Failures by HTTP status or error code. */
  errors: Record<string, number>;
  /** Latencies of every answered request (ms, from its scheduled send time), sorted. */
  latencies: number[];
  /**
   * Requests sent again once because the keep-alive connection they went out on was reset before any answer:
   * the server had closed it as idle just then, so it never took the request (Node's documented keep-alive
   * race, `request.reusedSocket`). Not the server's failures; printed under the table.
   */
  resent: number;
  /** Answers per second over the phase. */
  achievedRate: number;
  /** The drafts with the versions their last saves answered, for the next phase. */
  drafts?: Draft[];
}

export async function runPhase(phase: Phase): Promise<PhaseResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1024 });
  const total = Math.round(phase.rate * phase.seconds);
  const interval = 1000 / phase.rate;
  const latencies: number[] = [];
  const errors: Record<string, number> = {};
  let ok = 0;
  let resent = 0;
  let answered = 0;
  let lastAnswer = 0;
  const start = performance.now() + 20;
  const fail = (key: string) => (errors[key] = (errors[key] ?? 0) + 1);

  const drafts: LiveDraft[] | undefined = phase.drafts?.map((d) => ({ ...d, busy: false }));
  /** The requests that are themselves a resend: a request is sent again at most once. */
  const resends = new WeakSet<ClientRequest>();
  await new Promise<void>((resolve) => {
    const settle = () => {
      answered += 1;
      lastAnswer = performance.now();
      if (answered === total) resolve();
    };
    let nextDraft = 0;
    const pickDraft = () => {
      if (!drafts) return undefined;
      for (let k = 0; k < drafts.length; k++) {
        const draft = drafts[(nextDraft + k) % drafts.length]!;
        if (!draft.busy) {
          nextDraft = (nextDraft + k + 1) % drafts.length;
          return draft;
        }
      }
      // All on their way: this save may meet a newer version (409), which is what the server must answer.
      return drafts[nextDraft++ % drafts.length]!;
    };
    const send = (scheduled: number, body: string, draft: LiveDraft | undefined): ClientRequest => {
      let responded = false;
      const req = request(
        phase.url,
        {
          method: 'POST',
          agent,
          timeout: phase.timeoutMs,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            authorization: `Bearer ${phase.token}`,
          },
        },
        (res) => {
          responded = true;
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => draft && chunks.push(chunk));
          res.on('end', () => {
            latencies.push(performance.now() - scheduled);
            if (res.statusCode === 200) ok += 1;
            else fail(String(res.statusCode));
            if (draft) {
              draft.busy = false;
              if (res.statusCode === 200) {
                const answer = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { result: { version: number } };
                draft.version = Math.max(draft.version, answer.result.version);
              }
            }
            settle();
          });
        },
      );
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', (error: NodeJS.ErrnoException) => {
        if (!responded && req.reusedSocket && error.code === 'ECONNRESET' && !resends.has(req)) {
          resent += 1;
          return void resends.add(send(scheduled, body, draft));
        }
        if (draft) draft.busy = false;
        fail(error.code ?? error.message);
        settle();
      });
      req.end(body);
      return req;
    };
    const fire = (i: number) => {
      const draft = pickDraft();
      let body = phase.bodies[i % phase.bodies.length]!.replaceAll('$UUID', randomUUID());
      if (draft) {
        draft.busy = true;
        body = body.replace('$ORDER_ID', draft.orderId).replace('"$VERSION"', String(draft.version));
      }
      send(start + i * interval, body, draft);
    };
    let sent = 0;
    const tick = () => {
      const now = performance.now();
      while (sent < total && start + sent * interval <= now) fire(sent++);
      if (sent < total) setTimeout(tick, Math.max(0, start + sent * interval - performance.now()));
    };
    setTimeout(tick, 20);
  });
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const achievedRate = (answered / (lastAnswer - start)) * 1000;
  const after = drafts?.map(({ orderId, version }) => ({ orderId, version }));
  return { sent: total, ok, resent, errors, latencies, achievedRate, ...(after ? { drafts: after } : {}) };
}

if (process.argv[1]?.endsWith('open-loop.ts')) {
  const phase = JSON.parse(process.argv[2]!) as Phase;
  runPhase(phase)
    .then((result) => process.stdout.write(`${JSON.stringify(result)}\n`))
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}
