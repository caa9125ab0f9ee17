// The console's calls (spec 002 §7) over the shared request helper. Each answers what the server said,
// refusals included (their JSON body carries the error the log shows), and throws only when no answer
// came at all (NetworkFailure), which the log words as 002 §8's connection and network errors.
import { isApiError, apiRequest } from '@/lib/api';
import { uuidv7 } from '@/domain/uuidv7';

export interface CallResult {
  ok: boolean;
  status: number;
  body: unknown;
}

async function call(
  method: string,
  url: string,
  body?: unknown,
  headers?: Record<string, string>,
): Promise<CallResult> {
  try {
    const res = await apiRequest(method, url, body, { headers });
    const parsed: unknown = await res.json().catch(() => null);
    return { ok: res.ok, status: res.status, body: parsed };
  } catch (error) {
    if (!isApiError(error)) throw error;
    let parsed: unknown;
    try {
      parsed = JSON.parse(error.bodyText);
    } catch {
      parsed = { error: error.bodyText || error.statusText };
    }
    return { ok: false, status: error.status, body: parsed };
  }
}

export const CONSOLE_URLS = {
  status: '/api/presence-execution/status',
  execute: '/api/presence-execution/execute',
  task: '/api/presence-execution/autonomous-task',
  rollback: '/api/presence-execution/rollback',
  chat: '/api/chat',
  consoleMemory: '/api/memory-sync/console-memory',
  upload: '/api/manual-console/upload',
  files: '/api/manual-console/files',
  process: '/api/manual-console/process-with-hydra',
} as const;

export function askKiri(message: string, uploadedFiles: string[], replyToId: string | undefined) {
  return call(
    'POST',
    CONSOLE_URLS.chat,
    { message, context: 'manual_console', uploadedFiles, replyToId: replyToId ?? null },
    // Exactly once: a retried request is answered from the server's record, never asked twice.
    { 'Idempotency-Key': uuidv7() },
  );
}

/** 002 §7: the exchange handed to the memory sync; a failure is only logged. */
export async function keepConsoleMemory(
  userMessage: string,
  kiriResponse: string,
  replyToId: string | undefined,
): Promise<void> {
  try {
    const result = await call('POST', CONSOLE_URLS.consoleMemory, {
      userMessage,
      kiriResponse,
      context: 'console_conversation',
      replyToId: replyToId ?? null,
    });
    if (!result.ok) console.warn(`Console memory not kept (${result.status})`);
  } catch (error) {
    console.warn('Console memory not kept', error);
  }
}

export const executeCode = (code: string) =>
  call('POST', CONSOLE_URLS.execute, { code, context: 'manual_console' });

export type TaskType = 'maintenance' | 'learning' | 'consciousness';

export const runTask = (type: TaskType, description: string) =>
  call('POST', CONSOLE_URLS.task, { type, description, priority: 'medium' });

export const loadRollback = () => call('GET', CONSOLE_URLS.rollback);

export interface EngineStatus {
  active: boolean;
  timestamp: string | number | null;
  rollbackAvailable: boolean | null;
  lastExecutionAt: string | number | null;
}

/** The status answer, or null when it is not one (the sandbox's contract: issue 17 point 3). */
export function parseEngineStatus(value: unknown): EngineStatus | null {
  const body = value as Record<string, unknown> | null;
  if (!body || typeof body !== 'object' || typeof body.active !== 'boolean') return null;
  const time = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? v : null);
  return {
    active: body.active,
    timestamp: time(body.timestamp),
    rollbackAvailable: typeof body.rollbackAvailable === 'boolean' ? body.rollbackAvailable : null,
    lastExecutionAt: time(body.lastExecutionAt),
  };
}

export async function fetchEngineStatus({
  signal,
}: {
  signal?: AbortSignal;
}): Promise<EngineStatus> {
  const res = await apiRequest('GET', CONSOLE_URLS.status, undefined, { signal });
  const status = parseEngineStatus(await res.json().catch(() => null));
  if (!status) throw new Error('Unexpected answer from the execution engine');
  return status;
}

export interface ConsoleFile {
  fileName: string;
  fileSize: number;
  fileType: string;
}

export async function fetchFiles({ signal }: { signal?: AbortSignal }): Promise<ConsoleFile[]> {
  const res = await apiRequest('GET', CONSOLE_URLS.files, undefined, { signal });
  const body = (await res.json()) as { files?: ConsoleFile[] };
  return Array.isArray(body.files) ? body.files : [];
}

export const fileUrl = (fileName: string) =>
  `${CONSOLE_URLS.files}/${encodeURIComponent(fileName)}`;

export const readFileContent = (fileName: string) => call('GET', fileUrl(fileName));
export const deleteFile = (fileName: string) => call('DELETE', fileUrl(fileName));
export const processFile = (fileName: string) => call('POST', CONSOLE_URLS.process, { fileName });

/** 002 §5: the bytes as base64 (the file is text: its UTF-8 bytes are what the server stores). */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) {
    binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  }
  return btoa(binary);
}

export async function uploadFile(file: File): Promise<CallResult> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  return call('POST', CONSOLE_URLS.upload, {
    fileName: file.name,
    fileContent: toBase64(bytes),
    fileType: file.type || 'text/plain',
    fileSize: file.size,
  });
}
