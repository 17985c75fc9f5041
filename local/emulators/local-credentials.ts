/** Emulators accept any credentials; these make the SDK sign requests without a profile on the machine. */
export const LOCAL_REGION = 'us-east-1';
export const LOCAL_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' };
