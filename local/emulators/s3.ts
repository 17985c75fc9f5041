import { createRequire } from 'node:module';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { startProcess, type ManagedProcess } from '../process/child-process';
import { httpAnswers, processReady } from '../process/wait-until-ready';

/** CORS for presigned PUT/GET from the portal origin only (the CDK bucket has the same rule). */
function corsXml(origin: string): string {
  return `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>${origin}</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;
}

/** Starts s3rver with the attachments bucket created and configured at start-up. */
export async function startS3(options: {
  port: number;
  dataDir: string;
  bucket: string;
  webOrigin: string;
  logFile: string;
}): Promise<ManagedProcess> {
  mkdirSync(options.dataDir, { recursive: true });
  const cors = join(options.dataDir, '..', 's3-cors.xml');
  writeFileSync(cors, corsXml(options.webOrigin));
  const bin = join(dirname(createRequire(import.meta.url).resolve('s3rver/package.json')), 'bin/s3rver.js');
  const proc = startProcess(
    's3',
    process.execPath,
    [
      '--openssl-legacy-provider',
      bin,
      '-d',
      options.dataDir,
      '-a',
      '127.0.0.1',
      '-p',
      String(options.port),
      '--silent',
      '--no-vhost-buckets',
      '--configure-bucket',
      options.bucket,
      cors,
    ],
    { logFile: options.logFile },
  );
  return processReady(proc, 's3rver', () => httpAnswers(`http://127.0.0.1:${options.port}/`));
}
