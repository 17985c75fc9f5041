/** Calls `POST /api/{name}` on a gateway (the local one in integration tests), as the web app does. */
export interface RouteAnswer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read answers field by field
  body: Record<string, any>;
}

export async function postRoute(apiUrl: string, name: string, data: unknown, token?: string): Promise<RouteAnswer> {
  const res = await fetch(`${apiUrl}/api/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(data === undefined ? {} : { data }),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as RouteAnswer['body']) : {} };
}

/** A route caller bound to a gateway and a token. */
export const caller =
  (apiUrl: string, token?: string) =>
  (name: string, data?: unknown): Promise<RouteAnswer> =>
    postRoute(apiUrl, name, data, token);
