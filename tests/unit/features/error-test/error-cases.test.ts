import { afterEach, describe, expect, it, vi } from 'vitest';
import { runCase } from '@/features/error-test/api/run-case';
import {
  ERROR_CASES,
  RequestTimeoutError,
  errorOf,
  viewOf,
  type ErrorCase,
} from '@/features/error-test/model/error-cases';
import { ApiError, networkFailureOf } from '@/lib/api';
import { errorAnswer, stubFetch } from '../../helpers/client';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const body = (status: number) =>
  JSON.stringify({
    success: false,
    error: `Error test: status ${status} on request`,
    message: `Error test: status ${status} on request`,
  });
const answer = (status: number) => new ApiError(status, '', body(status));
const caseOf = (id: string) => ERROR_CASES.find((c) => c.id === id)!;

describe('how the app classifies each real failure (spec 000 §8)', () => {
  it('a 404 answer is validation: low, not retried, "Invalid Request"', () => {
    const view = viewOf(answer(404));
    expect(view.message).toMatch(/^404: /);
    expect(view.classification).toMatchObject({
      type: 'validation',
      severity: 'low',
      retryable: false,
    });
    expect(view.autoRetried).toBe(false);
    expect(view.fallbackTitle).toBe('Invalid Request');
  });

  it("a network failure (Chromium's 'Failed to fetch') is network and retried by the error screen", () => {
    const view = viewOf(new TypeError('Failed to fetch'));
    expect(view.classification).toMatchObject({ type: 'network', retryable: true });
    expect(view.autoRetried).toBe(true);
    expect(view.fallbackTitle).toBe('Connection Lost');
  });

  it("Safari's text for the same failure ('Load failed') holds none of the spec's words: generic", () => {
    // Thrown raw, as fetch throws it. The request helper names it (src/lib/api.ts NetworkFailure).
    expect(viewOf(new TypeError('Load failed')).classification.type).toBe('generic');
  });

  it("Safari's 'Load failed' through the request helper is a network failure, retried", () => {
    const view = viewOf(networkFailureOf(new TypeError('Load failed')));
    expect(view.classification).toMatchObject({ type: 'network', retryable: true });
    expect(view.autoRetried).toBe(true);
    expect(view.fallbackTitle).toBe('Connection Lost');
  });

  it('a request the page gave up on is a timeout: network, retried', () => {
    const view = viewOf(new RequestTimeoutError('/api/error-test/slow', 3000));
    expect(view.message).toBe('Request timeout: no answer from /api/error-test/slow in 3 s');
    expect(view.classification).toMatchObject({ type: 'network', retryable: true });
    expect(view.autoRetried).toBe(true);
  });

  it('500 and 503 are server errors (high); the error screen retries 503 but not 500', () => {
    expect(viewOf(answer(500)).classification).toMatchObject({ type: 'server', severity: 'high' });
    expect(viewOf(answer(500)).autoRetried).toBe(false);
    expect(viewOf(answer(503)).autoRetried).toBe(true);
    expect(viewOf(answer(503)).fallbackTitle).toBe('Service Unavailable');
  });

  it('401 is auth and not retried; 403 and 429 name no type: generic', () => {
    expect(viewOf(answer(401)).classification).toMatchObject({ type: 'auth', retryable: false });
    expect(viewOf(answer(401)).fallbackTitle).toBe('Authentication Required');
    expect(viewOf(answer(403)).classification.type).toBe('generic');
    expect(viewOf(answer(429)).classification.type).toBe('generic');
  });

  it("a failed code download shows 'Loading Failed', whatever its classification", () => {
    const view = viewOf(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'));
    expect(view.fallbackKind).toBe('loading');
    expect(view.fallbackTitle).toBe('Loading Failed');
  });

  it('the persona name is in the server message', () => {
    expect(viewOf(answer(500), 'Mika').classification.message).toBe(
      "Mika's services are experiencing issues. This usually resolves quickly.",
    );
  });

  it('the cases raise every error type of the table', () => {
    const kinds = ERROR_CASES.map((c) => c.request.kind);
    expect(new Set(kinds)).toEqual(new Set(['status', 'network', 'timeout', 'loading', 'render']));
    const statuses = ERROR_CASES.flatMap((c) =>
      c.request.kind === 'status' ? [c.request.status] : [],
    );
    expect(statuses).toEqual(expect.arrayContaining([400, 401, 403, 404, 429, 500, 503]));
  });
});

describe('runCase: through the real request helper', () => {
  it('a 404 answer is thrown as the helper throws it', async () => {
    stubFetch({
      'GET /api/error-test/status/404': () => errorAnswer(404, 'Error test: status 404 on request'),
    });
    const outcome = await runCase(caseOf('status-404'));
    expect(outcome.kind).toBe('thrown');
    const error = errorOf(outcome);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(404);
  });

  it('a 429 is returned, not thrown; the query function throws it', async () => {
    const fetchMock = stubFetch({
      'GET /api/error-test/status/429': () =>
        new Response(body(429), { status: 429, headers: { 'Retry-After': '30' } }),
    });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const outcome = await runCase(caseOf('status-429'));
    expect(outcome).toMatchObject({ kind: 'answered', status: 429, retryAfter: '30' });
    expect((errorOf(outcome) as ApiError).status).toBe(429);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('a network failure is the TypeError fetch rejects with', async () => {
    stubFetch({
      'GET /api/error-test/network': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    const outcome = await runCase(caseOf('network'));
    expect(errorOf(outcome)).toBeInstanceOf(TypeError);
  });

  it('no answer within the timeout: the request is aborted and named a timeout', async () => {
    let aborted = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => {
            init.signal!.addEventListener('abort', () => {
              aborted = true;
              reject(new DOMException('signal is aborted without reason', 'AbortError'));
            });
          }),
      ),
    );
    const outcome = await runCase(caseOf('timeout'), 20);
    expect(aborted).toBe(true);
    expect(errorOf(outcome)).toBeInstanceOf(RequestTimeoutError);
  });

  it('a case whose request succeeds says so instead of inventing an error', async () => {
    stubFetch({ 'GET /api/error-test/status/500': () => new Response('{}', { status: 200 }) });
    await expect(runCase(caseOf('status-500') as ErrorCase)).rejects.toThrow(
      'the request succeeded, no error to show',
    );
  });
});
