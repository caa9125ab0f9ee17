// Runs an error-test case with the app's real request helper (lib/api.ts) against the real server.
import { apiRequest, getJson } from '@/lib/api';
import {
  ERROR_TEST_TIMEOUT_MS,
  MISSING_CHUNK_URL,
  RequestTimeoutError,
  type CaseOutcome,
  type ErrorCase,
} from '../model/error-cases';

async function thrownBy(run: () => Promise<unknown>): Promise<CaseOutcome | null> {
  try {
    await run();
    return null;
  } catch (error) {
    return { kind: 'thrown', error };
  }
}

/** What a TanStack query with the app's query function makes of the same URL (it throws on a 429). */
async function queryErrorFor(url: string): Promise<unknown> {
  const queryFn = getJson<unknown>(url);
  const signal = new AbortController().signal;
  try {
    await queryFn({ signal } as Parameters<typeof queryFn>[0]);
    return null;
  } catch (error) {
    return error;
  }
}

async function withTimeout(url: string, timeoutMs: number): Promise<CaseOutcome | null> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  try {
    await apiRequest('GET', url, undefined, { signal: controller.signal });
    return null;
  } catch (error) {
    // An abort's own text differs by browser ('signal is aborted without reason', 'The operation was
    // aborted.'): the page names what happened, a request that got no answer in time.
    return { kind: 'thrown', error: timedOut ? new RequestTimeoutError(url, timeoutMs) : error };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Runs the case; resolves with what happened (never rejects). A case that unexpectedly succeeds
 * rejects, so the page says so rather than showing a classification of nothing.
 */
export async function runCase(
  errorCase: ErrorCase,
  timeoutMs = ERROR_TEST_TIMEOUT_MS,
): Promise<CaseOutcome> {
  const { request } = errorCase;
  let outcome: CaseOutcome | null = null;
  switch (request.kind) {
    case 'status': {
      const url = `/api/error-test/status/${request.status}`;
      const res = await apiRequest('GET', url).catch((error: unknown) => error);
      if (res instanceof Response) {
        // The helper returns a 429 instead of throwing (spec 000 §8); any other answer it returned
        // was a success, and there is no error to show.
        if (res.status !== 429) break;
        outcome = {
          kind: 'answered',
          status: res.status,
          retryAfter: res.headers.get('Retry-After'),
          queryError: await queryErrorFor(url),
        };
      } else {
        outcome = { kind: 'thrown', error: res };
      }
      break;
    }
    case 'network':
      outcome = await thrownBy(() => apiRequest('GET', '/api/error-test/network'));
      break;
    case 'timeout':
      outcome = await withTimeout('/api/error-test/slow', timeoutMs);
      break;
    case 'loading':
      outcome = await thrownBy(() => import(/* @vite-ignore */ MISSING_CHUNK_URL));
      break;
    case 'render':
      // A crash happens in a component: the page renders one (ErrorTestPage), nothing to request.
      throw new Error(`${errorCase.label}: raised by rendering, not by a request`);
  }
  if (!outcome) throw new Error(`${errorCase.label}: the request succeeded, no error to show`);
  return outcome;
}
