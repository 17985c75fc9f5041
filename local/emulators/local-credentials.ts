/**
 * Credentials for every emulator. DynamoDB Local (-sharedDb), cognito-local and the SES emulator accept any;
 * s3rver refuses every access key id but its built-in one, so it is that pair.
 */
export const LOCAL_REGION = 'us-east-1';
export const LOCAL_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
