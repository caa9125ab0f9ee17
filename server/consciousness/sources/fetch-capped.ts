// The one way the stream reaches the network: http(s) only, no cookies or credentials, a time limit and
// a size limit counted as the body streams in (a feed that never ends or a 1 GB "feed" costs at most
// FEED_MAX_BYTES). A failure is an Error whose message says why, for the status (docs/consciousness.md).

export const FEED_TIMEOUT_MS = 10_000;
export const FEED_MAX_BYTES = 512 * 1024;

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** Rule 'feed URL': an absolute http: or https: URL, nothing else (no file:, data:, ftp:…). */
export function isFetchableUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

function causeOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as Error & { cause?: unknown }).cause;
  if (cause instanceof Error) {
    const code = (cause as Error & { code?: string }).code;
    return code ? `${code}: ${cause.message}` : cause.message;
  }
  return error.message;
}

export async function fetchCapped(
  url: string,
  options: { fetch?: FetchLike; timeoutMs?: number; maxBytes?: number; accept?: string } = {},
): Promise<string> {
  if (!isFetchableUrl(url)) throw new Error('not an http(s) URL');
  const timeoutMs = options.timeoutMs ?? FEED_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? FEED_MAX_BYTES;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    let response: Response;
    try {
      response = await (options.fetch ?? fetch)(url, {
        signal: controller.signal,
        credentials: 'omit',
        redirect: 'follow',
        headers: { accept: options.accept ?? '*/*', 'user-agent': 'Kiri consciousness stream' },
      });
    } catch (error) {
      if (controller.signal.aborted)
        throw new Error(`unreachable: no answer within ${timeoutMs / 1000} s`, { cause: error });
      throw new Error(`unreachable: ${causeOf(error)}`, { cause: error });
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => {});
      throw new Error(`answered HTTP ${response.status}`);
    }
    const declared = Number(response.headers.get('content-length'));
    if (Number.isFinite(declared) && declared > maxBytes) {
      await response.body?.cancel().catch(() => {});
      throw new Error(`larger than ${Math.round(maxBytes / 1024)} KB`);
    }
    if (!response.body) return '';
    const reader = response.body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      let part: Awaited<ReturnType<typeof reader.read>>;
      try {
        part = await reader.read();
      } catch (error) {
        if (controller.signal.aborted)
          throw new Error(`unreachable: no answer within ${timeoutMs / 1000} s`, { cause: error });
        throw new Error(`unreachable: ${causeOf(error)}`, { cause: error });
      }
      if (part.done) break;
      size += part.value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => {});
        throw new Error(`larger than ${Math.round(maxBytes / 1024)} KB`);
      }
      chunks.push(part.value);
    }
    return new TextDecoder().decode(Buffer.concat(chunks));
  } finally {
    clearTimeout(timer);
  }
}
