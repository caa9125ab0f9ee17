// The provider chain: OpenAI-compatible chat completions, tried in order with a timeout each, the local
// engine last. Health is recorded per provider; API keys and prompts are never logged or reported.
import { analyse, resolveRemember } from '../../src/engine/companion/intent';
import { localReply, readableInput } from '../../src/engine/companion/local-engine';
import type { ChatMessage } from './prompt';
import { buildMessages, temperatureFor } from './prompt';
import { splitIntoParts } from '../../src/engine/companion/split';
import { recentReplyKeys, replyKey, tidy } from '../../src/engine/companion/text';
import type {
  Companion,
  CompanionInput,
  CompanionReply,
  Intent,
  ProviderConfig,
  ProviderHealth,
} from '../../src/engine/companion/types';

export const DEFAULT_PROVIDER_TIMEOUT_MS = 20_000;
const MAX_ERROR_CHARS = 200;
const MAX_BODY_SNIPPET = 120;

class ProviderError extends Error {}

/** Error text safe to show and log: no key, no bearer token, no key-looking strings, short. */
export function redact(text: string, apiKey?: string): string {
  let out = text;
  if (apiKey && apiKey.length >= 4) out = out.split(apiKey).join('[redacted]');
  out = out
    .replace(/(bearer\s+)\S+/gi, '$1[redacted]')
    .replace(/\b(sk|pk|rk)-[A-Za-z0-9_-]{6,}/g, '$1-[redacted]')
    .replace(/\bAIza[0-9A-Za-z_-]{10,}/g, '[redacted]')
    .replace(/([?&](?:key|api_key|apikey|token)=)[^&\s]+/gi, '$1[redacted]')
    .replace(/\s+/g, ' ')
    .trim();
  return out.length > MAX_ERROR_CHARS ? `${out.slice(0, MAX_ERROR_CHARS - 1)}…` : out;
}

function describeError(error: unknown): string {
  if (error instanceof ProviderError) return error.message;
  if (error instanceof Error) {
    const cause = (error as Error & { cause?: unknown }).cause;
    const code =
      cause && typeof cause === 'object' && 'code' in cause
        ? String((cause as { code: unknown }).code)
        : '';
    const causeMessage = cause instanceof Error ? cause.message : '';
    return `network error: ${code || causeMessage || error.message}`;
  }
  return `network error: ${String(error)}`;
}

function contentOf(body: unknown): string {
  const choices = (body as { choices?: unknown })?.choices;
  if (!Array.isArray(choices) || choices.length === 0) return '';
  const message = (choices[0] as { message?: { content?: unknown } })?.message;
  const content = message?.content;
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content
      .map((piece) =>
        typeof piece === 'string' ? piece : typeof piece?.text === 'string' ? piece.text : '',
      )
      .join('');
  }
  return '';
}

/**
 * Without its reasoning blocks, and without all before a closing tag left unopened. Found tag by tag: a
 * pattern for a block re-read the whole rest after every unclosed '<think>'.
 */
function withoutReasoning(text: string): string {
  const open = /<think>/gi;
  const close = /<\/think>/gi;
  let out = '';
  let from = 0;
  for (;;) {
    open.lastIndex = from;
    const opened = open.exec(text);
    if (!opened) break;
    close.lastIndex = opened.index + opened[0].length;
    const closed = close.exec(text);
    if (!closed) break;
    out += text.slice(from, opened.index);
    from = closed.index + closed[0].length;
  }
  out += text.slice(from);
  let afterLastClose = 0;
  close.lastIndex = 0;
  for (let closed = close.exec(out); closed; closed = close.exec(out)) {
    afterLastClose = closed.index + closed[0].length;
  }
  return out.slice(afterLastClose);
}

/** Drop reasoning blocks, a leading 'Kiri:' label and wrapping quotes. */
export function cleanAnswer(text: string, personaName: string): string {
  let out = withoutReasoning(text);
  const persona = tidy(personaName).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const label = new RegExp(`^\\s*(?:${persona ? `${persona}|` : ''}assistant)\\s*:\\s*`, 'i');
  out = out.replace(label, '').trim();
  if (/^"[^"]+"$/.test(out) || /^“[^”]+”$/.test(out)) out = out.slice(1, -1).trim();
  return out;
}

interface ChainEntry {
  config: Required<Pick<ProviderConfig, 'name' | 'baseUrl' | 'model'>> & {
    apiKey: string | undefined;
    timeoutMs: number;
  };
  health: ProviderHealth;
}

function freshHealth(name: string): ProviderHealth {
  return {
    name,
    ok: null,
    lastUsedAt: null,
    lastError: null,
    lastLatencyMs: null,
    successes: 0,
    failures: 0,
  };
}

async function callProvider(
  entry: ChainEntry,
  messages: ChatMessage[],
  temperature: number,
  doFetch: typeof fetch,
): Promise<string> {
  const { config } = entry;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, config.timeoutMs);
  try {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'application/json',
    };
    if (config.apiKey) headers.authorization = `Bearer ${config.apiKey}`;
    const url = `${config.baseUrl.replace(/\/+$/, '')}/chat/completions`;
    const response = await doFetch(url, {
      method: 'POST',
      headers,
      body: JSON.stringify({ model: config.model, messages, temperature }),
      signal: controller.signal,
    });
    if (!response.ok) {
      let snippet = '';
      try {
        snippet = (await response.text()).slice(0, MAX_BODY_SNIPPET);
      } catch {
        snippet = '';
      }
      throw new ProviderError(`HTTP ${response.status}${snippet ? `: ${snippet}` : ''}`);
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      if (timedOut) throw new ProviderError(`timed out after ${config.timeoutMs} ms`);
      throw new ProviderError('invalid JSON in the answer');
    }
    const content = contentOf(body);
    if (!content.trim()) throw new ProviderError('empty answer');
    return content;
  } catch (error) {
    if (timedOut) throw new ProviderError(`timed out after ${config.timeoutMs} ms`);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

export function createCompanion(options: {
  providers: ProviderConfig[];
  fetch?: typeof fetch;
  log?: (line: string) => void;
}): Companion {
  const doFetch: typeof fetch = options.fetch ?? ((...args) => globalThis.fetch(...args));
  const log = options.log ?? (() => {});
  const chain: ChainEntry[] = (options.providers ?? []).map((provider, index) => {
    const name = tidy(String(provider.name ?? '')) || `provider-${index + 1}`;
    const timeout = Number(provider.timeoutMs);
    return {
      config: {
        name,
        baseUrl: String(provider.baseUrl ?? ''),
        model: String(provider.model ?? ''),
        apiKey: provider.apiKey || undefined,
        timeoutMs: Number.isFinite(timeout) && timeout > 0 ? timeout : DEFAULT_PROVIDER_TIMEOUT_MS,
      },
      health: freshHealth(name),
    };
  });
  const local = freshHealth('local');
  let currentProvider = chain[0]?.config.name ?? 'local';

  async function reply(whole: CompanionInput): Promise<CompanionReply> {
    // The analysis (intent, feeling, remember) reads the local engine's capped text, whose handling must
    // stay cheap; a provider gets the message and turns whole, up to the prompt's own limit per turn.
    const input = readableInput(whole);
    const promptInput: CompanionInput = {
      ...input,
      message: typeof whole.message === 'string' ? whole.message : '',
      history: Array.isArray(whole.history) ? whole.history : [],
    };
    // Only a provider's prompt needs the analysis here: the local engine makes its own.
    if (chain.length > 0) {
      const initial = Boolean(input.isInitialGreeting);
      const message = typeof input.message === 'string' ? input.message : '';
      const analysis = analyse(initial ? '' : message);
      const intent: Intent = initial ? 'initial_greeting' : analysis.intent;
      const feeling = initial ? null : analysis.feeling;
      const remember = initial ? null : resolveRemember(analysis, message, input.history ?? []);
      const feelingIntensity = initial ? 0 : analysis.feelingIntensity;
      const messages = buildMessages(promptInput, { intent, feeling, feelingIntensity, remember });
      const temperature = temperatureFor(input.personality);
      const recent = recentReplyKeys(input.recentReplies ?? []);
      for (const entry of chain) {
        const started = Date.now();
        const { health, config } = entry;
        health.lastUsedAt = started;
        try {
          const answer = await callProvider(entry, messages, temperature, doFetch);
          const parts = splitIntoParts(cleanAnswer(answer, input.personaName ?? ''), 3);
          if (parts.length === 0) throw new ProviderError('empty answer');
          health.lastLatencyMs = Date.now() - started;
          health.ok = true;
          health.lastError = null;
          health.successes += 1;
          if (recent.has(replyKey(parts.join(' ')))) {
            log(`companion: ${config.name} repeated a recent reply; trying the next provider`);
            continue;
          }
          currentProvider = config.name;
          log(`companion: answered by ${config.name} in ${health.lastLatencyMs} ms`);
          return { parts, provider: config.name, remember, intent, feeling };
        } catch (error) {
          health.lastLatencyMs = Date.now() - started;
          health.ok = false;
          health.failures += 1;
          health.lastError = redact(describeError(error), config.apiKey);
          log(`companion: ${config.name} failed (${health.lastError}); falling back`);
        }
      }
    }
    const started = Date.now();
    local.lastUsedAt = started;
    try {
      const answer = localReply(input);
      local.ok = true;
      local.lastError = null;
      local.successes += 1;
      local.lastLatencyMs = Date.now() - started;
      currentProvider = 'local';
      return answer;
    } catch (error) {
      local.ok = false;
      local.failures += 1;
      local.lastLatencyMs = Date.now() - started;
      local.lastError = redact(error instanceof Error ? error.message : String(error));
      throw error;
    }
  }

  return {
    reply,
    health: () => ({
      chain: [...chain.map((entry) => ({ ...entry.health })), { ...local }],
      currentProvider,
    }),
  };
}
