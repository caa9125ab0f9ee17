// One short, bounded look at an LLM provider of the chain (docs/infrastructure.md "Providers"): GET
// <baseUrl>/models, the OpenAI-compatible list every provider Kiri speaks to has (OpenAI, Gemini's
// compatible API, Mistral, Ollama, llama.cpp), which costs no tokens. The key goes in the Authorization
// header as the chat sends it and is never part of what is reported.
import { redact } from '../companion/providers';
import type { LlmProvider } from '../config';
import type { ProbeOutcome } from './infrastructure-rules';

/** At most this long per provider (or the provider's own timeout when shorter). */
export const PROBE_TIMEOUT_MS = 3_000;

export type ProbeFetch = (url: string, init: RequestInit) => Promise<Response>;

function causeOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as Error & { cause?: unknown }).cause;
  if (cause && typeof cause === 'object' && 'code' in cause) return String(cause.code);
  if (cause instanceof Error) return cause.message;
  return error.message;
}

export async function probeProvider(
  provider: Pick<LlmProvider, 'baseUrl' | 'apiKey' | 'timeoutMs'>,
  options: { timeoutMs?: number; fetch?: ProbeFetch; clock?: () => number } = {},
): Promise<ProbeOutcome> {
  const timeoutMs = Math.min(options.timeoutMs ?? PROBE_TIMEOUT_MS, provider.timeoutMs);
  const doFetch: ProbeFetch = options.fetch ?? ((url, init) => globalThis.fetch(url, init));
  const clock = options.clock ?? (() => performance.now());
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const started = clock();
  try {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (provider.apiKey) headers.authorization = `Bearer ${provider.apiKey}`;
    const response = await doFetch(`${provider.baseUrl.replace(/\/+$/, '')}/models`, {
      method: 'GET',
      headers,
      signal: controller.signal,
      redirect: 'manual',
    });
    const latencyMs = Math.max(0, Math.round(clock() - started));
    // The list itself is not read: the answer is enough, and a large list would only cost time.
    await response.body?.cancel().catch(() => undefined);
    return { kind: 'answered', httpStatus: response.status, latencyMs };
  } catch (error) {
    if (timedOut) return { kind: 'timeout', timeoutMs };
    return { kind: 'network', message: redact(causeOf(error), provider.apiKey) };
  } finally {
    clearTimeout(timer);
  }
}
