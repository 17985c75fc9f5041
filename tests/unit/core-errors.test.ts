import { describe, expect, it } from 'vitest';
import { ERROR_STATUS_BY_HTTP, httpCodeFor, statusForHttp } from '../../core/errors';

describe('spec 8: server function errors map from HTTP status', () => {
  it.each([
    [400, 'invalid-argument'],
    [401, 'unauthenticated'],
    [403, 'permission-denied'],
    [404, 'not-found'],
    [409, 'aborted'],
    [415, 'unsupported-media-type'],
    [429, 'resource-exhausted'],
    [500, 'internal'],
    [503, 'unavailable'],
    [504, 'deadline-exceeded'],
  ] as const)('%i is %s, both ways', (code, status) => {
    expect(statusForHttp(code)).toBe(status);
    expect(httpCodeFor(status)).toBe(code);
  });

  it('lists exactly the nine statuses of spec 8 and 415 for a body that is not JSON (docs/decisions/0081-browser-only-api.md)', () => {
    expect(Object.keys(ERROR_STATUS_BY_HTTP)).toHaveLength(10);
  });

  it('treats a status spec 8 does not list as internal', () => {
    expect(statusForHttp(418)).toBe('internal');
  });
});
