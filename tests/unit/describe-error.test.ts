import { describe, expect, it } from 'vitest';
import { describeError, MASK } from '../../core/describe-error';

describe('describeError: a caught value as a log field', () => {
  it('an Error gives its name and message, and its stack only when asked', () => {
    const error = new TypeError('Cannot read properties of undefined');
    expect(describeError(error)).toEqual({ name: 'TypeError', message: 'Cannot read properties of undefined' });
    expect(describeError(error, { stack: true }).stack).toContain('TypeError: Cannot read properties');
  });

  it('a thrown non-Error gives its text as the message and no name', () => {
    expect(describeError('timeout')).toEqual({ message: 'timeout' });
    expect(describeError(42)).toEqual({ message: '42' });
  });

  it('never carries a token: JWTs and bearer values in a message or stack are masked', () => {
    const jwt = 'eyJraWQiOiJhYmMiLCJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ1c2VyLTEifQ.c2lnbmF0dXJl';
    const described = describeError(new Error(`Token ${jwt} expired; sent Authorization: Bearer abc.def.ghi`), {
      stack: true,
    });
    expect(described.message).not.toContain(jwt);
    expect(described.message).not.toContain('abc.def.ghi');
    expect(described.stack).not.toContain(jwt);
    expect(described.message).toContain(MASK);
  });

  it('never carries a secret: Stripe keys, client secrets and secret-named pairs are masked', () => {
    const message = describeError(
      new Error(
        'Invalid API Key provided: sk_test_51Habc123; pi_3Kxyz_secret_Qrs789 refused; whsec_abc; password=Hunter2! refreshToken: "r1.r2"',
      ),
    ).message;
    for (const secret of ['sk_test_51Habc123', 'pi_3Kxyz_secret_Qrs789', 'whsec_abc', 'Hunter2!', 'r1.r2']) {
      expect(message).not.toContain(secret);
    }
    expect(message).toContain('password=');
  });

  it('never carries a card number, grouped or not, while order numbers and timestamps stay readable', () => {
    const message = describeError(
      new Error('Card 4242 4242 4242 4242 and 4000000000000002 declined at 1718000000000 for order 100234'),
    ).message;
    expect(message).not.toContain('4242 4242 4242 4242');
    expect(message).not.toContain('4000000000000002');
    expect(message).toContain('1718000000000');
    expect(message).toContain('100234');
  });
});
