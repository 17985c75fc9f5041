import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { PortInUseError, portsFrom, resolvePorts } from '../../../local/ports';

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
});
