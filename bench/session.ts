// A logged-in session for the benchmarks that talk to a real server: log in with the access code and
// return the Cookie header of the new session.
import type { KiriServer } from '../tests/e2e/support/server';

export async function loginCookie(server: KiriServer): Promise<string> {
  const response = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ password: server.accessCode }),
  });
  if (!response.ok) throw new Error(`login answered ${response.status}: ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .join('; ');
}
