import { afterEach, describe, expect, it, vi } from 'vitest';
import { classifyError } from '@/domain/errors';
import { ApiError, apiRequest, getJson, getParsed, NetworkFailure } from '@/lib/api';

function stub(response: Response | (() => Promise<Response>)) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) =>
    typeof response === 'function' ? response() : response,
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('shared request helper (spec 000 §8)', () => {
  it("a request with no answer is a network failure in every browser's words (Safari's 'Load failed' too)", async () => {
    for (const words of [
      'Load failed',
      'Failed to fetch',
      'NetworkError when attempting to fetch resource.',
    ]) {
      stub(() => Promise.reject(new TypeError(words)));
      const error = await apiRequest('GET', '/api/health').catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(NetworkFailure);
      // Still a TypeError, as the screens that test for one expect.
      expect(error).toBeInstanceOf(TypeError);
      expect(classifyError((error as Error).message).type).toBe('network');
    }
  });

  it('an aborted request stays an abort, not a network failure', async () => {
    stub(() => Promise.reject(new DOMException('The user aborted a request.', 'AbortError')));
    const error = await apiRequest('GET', '/api/health').catch((caught: unknown) => caught);
    expect(error).not.toBeInstanceOf(NetworkFailure);
    expect((error as DOMException).name).toBe('AbortError');
  });

  it('sends credentials and a JSON body with the JSON content type', async () => {
    const fetchMock = stub(new Response('{}', { status: 200 }));
    await apiRequest('POST', '/api/auth/login', { password: 'x' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/auth/login');
    expect(init).toMatchObject({
      method: 'POST',
      credentials: 'include',
      body: '{"password":"x"}',
      headers: { 'Content-Type': 'application/json' },
    });
  });

  it('defaults to GET and any method can be used', async () => {
    const fetchMock = stub(new Response('{}'));
    await apiRequest(undefined, '/api/auth/status');
    await apiRequest('delete', '/api/admin/users/1');
    expect(fetchMock.mock.calls[0]![1]!.method).toBe('GET');
    expect(fetchMock.mock.calls[0]![1]!.body).toBeUndefined();
    expect(fetchMock.mock.calls[1]![1]!.method).toBe('DELETE');
  });

  it('sends FormData as it is, without a JSON content type', async () => {
    const fetchMock = stub(new Response('{}'));
    const form = new FormData();
    form.append('image', new Blob(['x']), 'a.png');
    await apiRequest('POST', '/api/images/upload', form);
    const init = fetchMock.mock.calls[0]![1]!;
    expect(init.body).toBe(form);
    expect(init.headers).not.toHaveProperty('Content-Type');
  });

  it('a non-OK answer throws "status: body text"', async () => {
    stub(
      new Response('{"success":false,"error":"Nope"}', { status: 400, statusText: 'Bad Request' }),
    );
    const error = await apiRequest('GET', '/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('400: {"success":false,"error":"Nope"}');
    expect((error as ApiError).status).toBe(400);
  });

  it('an empty body gives "status: status text"', async () => {
    stub(new Response('', { status: 503, statusText: 'Service Unavailable' }));
    await expect(apiRequest('GET', '/x')).rejects.toThrow('503: Service Unavailable');
  });

  it('a 429 is only logged as a rate-limit warning and does not throw', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    stub(new Response('{"error":"Too many attempts. Try again in 30 seconds."}', { status: 429 }));
    const res = await apiRequest('POST', '/api/auth/login', { password: 'x' });
    expect(res.status).toBe(429);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toMatch(/rate limit/i);
  });

  it('a 401 throws by default', async () => {
    stub(new Response('{"error":"Not logged in"}', { status: 401, statusText: 'Unauthorized' }));
    await expect(apiRequest('GET', '/api/users/check-registration')).rejects.toThrow(
      '401: {"error":"Not logged in"}',
    );
  });

  it("a 401 resolves to null with on401: 'returnNull'", async () => {
    stub(new Response('', { status: 401 }));
    await expect(
      apiRequest('GET', '/api/users/check-registration', undefined, { on401: 'returnNull' }),
    ).resolves.toBeNull();
  });

  it('a network failure rejects with the browser error', async () => {
    stub(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(apiRequest('GET', '/x')).rejects.toThrow('Failed to fetch');
  });
});

describe('getJson query function', () => {
  const context = { signal: new AbortController().signal } as Parameters<
    ReturnType<typeof getJson<unknown>>
  >[0];

  it('returns the JSON of the answer', async () => {
    stub(new Response('{"ok":true}'));
    await expect(getJson<{ ok: boolean }>('/api/health')(context)).resolves.toEqual({ ok: true });
  });

  it("returns null on a 401 with on401: 'returnNull', and throws without it", async () => {
    stub(new Response('', { status: 401 }));
    await expect(getJson('/a', { on401: 'returnNull' })(context)).resolves.toBeNull();
    await expect(getJson('/a')(context)).rejects.toThrow(/^401/);
  });

  it('throws on a 429 so that no error body is cached as data', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    stub(new Response('slow down', { status: 429 }));
    await expect(getJson('/a')(context)).rejects.toThrow('429: slow down');
  });
});

describe("getParsed: a screen's read through its own parser", () => {
  const parseCount = (value: unknown) =>
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { count?: unknown }).count === 'number'
      ? (value as { count: number }).count
      : null;

  it('answers what the parser reads, a zero included', async () => {
    stub(new Response(JSON.stringify({ count: 0 }), { status: 200 }));
    await expect(getParsed('/api/x', parseCount)).resolves.toBe(0);
  });

  it('an answer the parser cannot read is an error, never data', async () => {
    stub(new Response('<html>', { status: 200 }));
    await expect(getParsed('/api/x', parseCount)).rejects.toThrow(
      'Unexpected answer from the server',
    );
  });

  it("a 429 is the rate limit's ApiError", async () => {
    stub(new Response('{}', { status: 429, statusText: 'Too Many Requests' }));
    const error = await getParsed('/api/x', parseCount).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(429);
  });
});
