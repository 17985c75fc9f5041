import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { PORT_CLASH_ATTEMPTS, PortInUseError, portsFrom, resolvePorts, retryOnPortClash } from '../../../local/ports';

describe('local stack ports', () => {
  it('lays services out from the base port, each overridable by its own variable', () => {
    const ports = portsFrom(4800, { LENSLAB_PORT_SES: '9999' });
    expect(ports).toMatchObject({ web: 4800, gateway: 4801, bridge: 4802, cognito: 4803, dynamodb: 4804, s3: 4805 });
    expect(ports.ses).toBe(9999);
  });

  it('refuses a port that is not a number, naming the variable', () => {
    expect(() => portsFrom(4800, { LENSLAB_PORT_WEB: 'abc' })).toThrow('LENSLAB_PORT_WEB');
  });

  it('a port in use gives one clear message naming the port and the variable to change', async () => {
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', () => r()));
    const taken = (blocker.address() as { port: number }).port;
    const ports = { ...portsFrom(0, {}), web: taken };
    await expect(resolvePorts(ports)).rejects.toThrow(PortInUseError);
    await expect(resolvePorts(ports)).rejects.toThrow(`Port ${taken} (web) is already in use`);
    blocker.close();
  });

  it('base 0 picks distinct free ports', async () => {
    const ports = await resolvePorts(portsFrom(0, {}));
    expect(Object.values(ports).every((p) => p > 0)).toBe(true);
  });

  describe('a port taken by another stack while this one starts (the test lanes start stacks side by side)', () => {
    /** What Node throws when a server binds a port something else took meanwhile. */
    const addressInUse = () =>
      Object.assign(new Error('listen EADDRINUSE: address already in use 127.0.0.1:41234'), { code: 'EADDRINUSE' });
    const startFailing = (failures: Error[]) => {
      let calls = 0;
      const start = async () => {
        calls++;
        const failure = failures.shift();
        if (failure) throw failure;
        return 'started';
      };
      return { start, calls: () => calls };
    };

    it('starts again on new ports when every port was left to the system', async () => {
      const { start, calls } = startFailing([addressInUse(), addressInUse()]);
      await expect(retryOnPortClash(portsFrom(0, {}), start)).resolves.toBe('started');
      expect(calls()).toBe(3);
    });

    it('an emulator that says its address is in use in its output is a clash too', async () => {
      const { start, calls } = startFailing([
        new Error('DynamoDB Local exited before it was ready.\njava.net.BindException: Address already in use'),
      ]);
      await expect(retryOnPortClash(portsFrom(0, {}), start)).resolves.toBe('started');
      expect(calls()).toBe(2);
    });

    it(`gives up after ${PORT_CLASH_ATTEMPTS} clashes, with the clash`, async () => {
      const { start, calls } = startFailing(Array.from({ length: PORT_CLASH_ATTEMPTS + 1 }, addressInUse));
      await expect(retryOnPortClash(portsFrom(0, {}), start)).rejects.toThrow('EADDRINUSE');
      expect(calls()).toBe(PORT_CLASH_ATTEMPTS);
    });

    it('a fixed port in use, or any other failure, is thrown at once', async () => {
      const fixed = startFailing([addressInUse()]);
      await expect(retryOnPortClash(portsFrom(4800, {}), fixed.start)).rejects.toThrow('EADDRINUSE');
      expect(fixed.calls()).toBe(1);
      const other = startFailing([new Error('cognito-local was not ready in time')]);
      await expect(retryOnPortClash(portsFrom(0, {}), other.start)).rejects.toThrow('not ready in time');
      expect(other.calls()).toBe(1);
    });
  });
});
