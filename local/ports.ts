import { createServer } from 'node:net';

/** In port order from the base; a new service goes at the end so the others keep their ports. */
export const SERVICES = ['web', 'gateway', 'bridge', 'cognito', 'dynamodb', 's3', 'ses', 'fakeGateway'] as const;
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
