import { describeError } from '../core/describe-error';
import { createServer } from 'node:net';

/** In port order from the base; a new service goes at the end so the others keep their ports. */
export const SERVICES = [
  'web',
  'gateway',
  'bridge',
  'cognito',
  'dynamodb',
  's3',
  'ses',
  'fakeGateway',
  'fakeCarrier',
] as const;
export type Service = (typeof SERVICES)[number];
export type Ports = Record<Service, number>;

export const DEFAULT_PORT_BASE = 4800;

/** Env variable that overrides one service's port, e.g. LENSLAB_PORT_WEB, LENSLAB_PORT_FAKE_GATEWAY. */
export const portEnvVar = (service: Service) => `LENSLAB_PORT_${service.replace(/[A-Z]/g, '_$&').toUpperCase()}`;

/**
 * Ports from a base (web = base, gateway = base + 1, ...), each overridable by its own variable.
 * A base of 0 means "any free port" for every service (tests).
 */
export function portsFrom(base: number, env: NodeJS.ProcessEnv = process.env): Ports {
  const ports = {} as Ports;
  SERVICES.forEach((service, index) => {
    const override = env[portEnvVar(service)];
    const value = override !== undefined && override !== '' ? Number(override) : base === 0 ? 0 : base + index;
    if (!Number.isInteger(value) || value < 0 || value > 65535) {
      throw new Error(`${portEnvVar(service)} must be a port number, got "${override}"`);
    }
    ports[service] = value;
  });
  return ports;
}

/** Binds and releases a port on 127.0.0.1; port 0 yields a free port chosen by the system. */
export function reservePort(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      const chosen = typeof address === 'object' && address ? address.port : port;
      server.close(() => resolve(chosen));
    });
  });
}

export class PortInUseError extends Error {}

/** Resolves every 0 to a free port and checks the fixed ones, naming the variable to change when one is taken. */
export async function resolvePorts(ports: Ports): Promise<Ports> {
  const resolved = {} as Ports;
  for (const service of SERVICES) {
    try {
      resolved[service] = await reservePort(ports[service]);
    } catch {
      throw new PortInUseError(
        `Port ${ports[service]} (${service}) is already in use: stop what uses it, or set ${portEnvVar(service)} or LENSLAB_PORT_BASE to another port.`,
      );
    }
  }
  return resolved;
}

/** How often a start on "any free port" is tried in all when a port it was given is taken meanwhile. */
export const PORT_CLASH_ATTEMPTS = 3;
const ADDRESS_IN_USE = /EADDRINUSE|address already in use/i;

/**
 * `start()`, again on a port clash when every port of `ports` is left to the system. A free port is found by
 * binding and releasing it (`resolvePorts`) and bound again a moment later, so another stack starting at the same
 * time (the test lanes of `npm test` run side by side) can take it in between. With fixed ports a clash is the
 * caller's to fix, and any other failure is thrown at once.
 */
export async function retryOnPortClash<T>(
  ports: Ports,
  start: () => Promise<T>,
  progress: (message: string) => void = () => {},
): Promise<T> {
  const anyFreePort = Object.values(ports).every((port) => port === 0);
  for (let attempt = 1; ; attempt++) {
    try {
      return await start();
    } catch (error) {
      const clash = ADDRESS_IN_USE.test(describeError(error).message);
      if (!anyFreePort || !clash || attempt >= PORT_CLASH_ATTEMPTS) throw error;
      progress(`A port was taken while the stack started; starting again on new ports (attempt ${attempt + 1}).`);
    }
  }
}
