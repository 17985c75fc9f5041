import 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    env: Record<string, string>;
    urls: { api: string; cognito: string; cognitoEmulator: string; ses: string; dynamodb: string; s3: string };
    demoUsers: { key: string; email: string; password: string; groups: string[] }[];
  }
}
