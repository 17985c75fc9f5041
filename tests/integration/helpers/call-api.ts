import { inject } from 'vitest';

export interface ApiAnswer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests check answers field by field
  body: Record<string, any>;
}

/** Calls `POST /api/{name}` on the local gateway; a string body is sent as is (malformed JSON tests). */
export async function callApi(
  name: string,
  body: unknown,
  token?: string,
  apiUrl: string = inject('urls').api,
): Promise<ApiAnswer> {
  const res = await fetch(`${apiUrl}/api/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as ApiAnswer['body']) : {} };
}
