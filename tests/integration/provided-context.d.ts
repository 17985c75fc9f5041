import 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** What a handler needs to reach the emulators: AWS_ENDPOINT_URL_*, TABLE_*, USER_POOL_*, credentials. */
    env: Record<string, string>;
    urls: {
      /** The portal origin the bridge and the bucket allow (no web server runs in the integration project). */
      web: string;
      api: string;
      cognito: string;
      cognitoEmulator: string;
      ses: string;
      dynamodb: string;
      s3: string;
      /** The fake card gateway service; its webhook events go to the stack's API gateway (/api/paymentWebhook). */
      fakeGateway: string;
      /** The fake carrier; its tracker events go to the stack's API gateway (/api/carrierWebhook). */
      fakeCarrier: string;
    };
    /** `totpSecret`: lab staff's authenticator secret. */
    demoUsers: { key: string; email: string; password: string; groups: string[]; totpSecret?: string }[];
  }
}
