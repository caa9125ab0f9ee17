// Console mode against a stubbed server (spec 002 "Manual console", §5, §7, §8): code goes to execute and
// its output lands in the log; a conversation goes to the chat, then to the console memory; the reply
// banner; Enter and Shift+Enter; the log after a remount; the badge; offline; the file rules.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConsoleScreen } from '@/features/console/components/ConsoleScreen';
import { CONSOLE_PANEL_TEXT } from '@/features/console/components/ConsolePanel';
import {
  json,
  networkDown,
  renderWithProviders,
  stubFetch,
  type Handler,
} from '../../helpers/client';

const STATUS = {
  success: true,
  active: true,
  timestamp: '2026-01-15T08:00:00.000Z',
  engine: { javascript: true, python: false },
  executions: 3,
  rollbackAvailable: true,
  lastExecutionAt: null,
};

const KIRI_SAYS = 'The sea is calm today, and so am I.';

function routes(overrides: Record<string, Handler> = {}): Record<string, Handler> {
  return {
    'GET /api/presence-execution/status': () => json(STATUS),
    'GET /api/manual-console/files': () =>
      json({
        success: true,
        files: [{ fileName: 'notes.ts', fileSize: 2048, fileType: 'text/plain' }],
      }),
    'GET /api/manual-console/files/notes.ts': () =>
      json({ success: true, content: `export const a = 1;\n${'y'.repeat(600)}` }),
    'POST /api/presence-execution/execute': () =>
      json({ success: true, output: '42', error: null }),
    'POST /api/chat': () =>
      json({ kiriMessages: [], splitMessageTimings: [], kiriResponse: { message: KIRI_SAYS } }),
    'POST /api/memory-sync/console-memory': () => json({ success: true }),
    ...overrides,
  };
}

function renderConsole() {
  return renderWithProviders(
    <MemoryRouter>
      <ConsoleScreen panels={{}} />
    </MemoryRouter>,
  );
}

const input = () => screen.getByRole('textbox', { name: 'Console input' });
const log = () => within(screen.getByTestId('console-log'));

function type(text: string) {
  fireEvent.change(input(), { target: { value: text } });
  fireEvent.keyDown(input(), { key: 'Enter' });
}

function calls(fetchMock: ReturnType<typeof stubFetch>, method: string, path: string) {
  return fetchMock.mock.calls
    .filter(([url, init]) => String(url).endsWith(path) && (init?.method ?? 'GET') === method)
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('console mode', () => {
  it('runs code through execute and shows its output in the log', async () => {
    const fetchMock = stubFetch(routes());
    renderConsole();
    type('const x = 6 * 7; console.log(x)');
    await waitFor(() => expect(log().getByText('42')).toBeTruthy());
    expect(log().getByText('const x = 6 * 7; console.log(x)')).toBeTruthy();
    expect(calls(fetchMock, 'POST', '/api/presence-execution/execute')).toEqual([
      { code: 'const x = 6 * 7; console.log(x)', context: 'manual_console' },
    ]);
    expect(calls(fetchMock, 'POST', '/api/chat')).toEqual([]);
    expect((input() as HTMLTextAreaElement).value).toBe('');
  });

  it("says 'Code executed successfully' for silent code and the error of failing code", async () => {
    let answer = { success: true, output: '', error: null as string | null };
    stubFetch(routes({ 'POST /api/presence-execution/execute': () => json(answer) }));
    renderConsole();
    type('let quiet = 1');
    await waitFor(() => expect(log().getByText('Code executed successfully')).toBeTruthy());
    answer = { success: false, output: '', error: 'ReferenceError: nope is not defined' };
    type('nope = 2');
    await waitFor(() =>
      expect(log().getByText('ReferenceError: nope is not defined')).toBeTruthy(),
    );
  });

  it('talks to Kiri through the chat, then hands the exchange to the console memory', async () => {
    const fetchMock = stubFetch(routes());
    renderConsole();
    await waitFor(() => expect(screen.getByText('notes.ts')).toBeTruthy());
    type('Tell me about the sea');
    await waitFor(() => expect(log().getByText(KIRI_SAYS)).toBeTruthy());
    const [chat] = calls(fetchMock, 'POST', '/api/chat');
    expect(chat).toEqual({
      message: 'Tell me about the sea',
      context: 'manual_console',
      uploadedFiles: ['notes.ts'],
      replyToId: null,
    });
    await waitFor(() =>
      expect(calls(fetchMock, 'POST', '/api/memory-sync/console-memory')).toEqual([
        {
          userMessage: 'Tell me about the sea',
          kiriResponse: KIRI_SAYS,
          context: 'console_conversation',
          replyToId: null,
        },
      ]),
    );
    expect(calls(fetchMock, 'POST', '/api/presence-execution/execute')).toEqual([]);
  });

  it("words a lost connection as 'Kiri connection error' and a refusal with its error", async () => {
    stubFetch(routes({ 'POST /api/chat': networkDown() }));
    renderConsole();
    type('How are you today?');
    await waitFor(() =>
      expect(log().getByText(/^Kiri connection error: Network request failed/)).toBeTruthy(),
    );
  });

  it('replies: the banner shows 80 characters with cancel, the line 50, and the chat gets replyToId', async () => {
    const long = `${'w'.repeat(90)} end`;
    const fetchMock = stubFetch(
      routes({
        'POST /api/chat': () =>
          json({ kiriMessages: [], splitMessageTimings: [], kiriResponse: { message: long } }),
      }),
    );
    renderConsole();
    type('Say something long');
    await waitFor(() => expect(log().getByText(long)).toBeTruthy());

    fireEvent.click(screen.getByRole('button', { name: `Reply to: ${'w'.repeat(50)}...` }));
    const banner = screen.getByTestId('console-reply-banner');
    expect(banner.textContent).toContain(`${'w'.repeat(80)}...`);
    expect(banner.textContent).not.toContain('w'.repeat(81));
    expect(input().getAttribute('placeholder')).toBe(CONSOLE_PANEL_TEXT.replyPlaceholder);

    fireEvent.click(within(banner).getByRole('button', { name: 'Cancel reply' }));
    expect(screen.queryByTestId('console-reply-banner')).toBeNull();
    expect(input().getAttribute('placeholder')).toBe(CONSOLE_PANEL_TEXT.placeholder);

    fireEvent.click(screen.getByRole('button', { name: `Reply to: ${'w'.repeat(50)}...` }));
    type('Why so long?');
    await waitFor(() => expect(calls(fetchMock, 'POST', '/api/chat')).toHaveLength(2));
    const kiriEntry = JSON.parse(localStorage.getItem('kiri-console-log')!).find(
      (entry: { content: string }) => entry.content === long,
    );
    expect(calls(fetchMock, 'POST', '/api/chat')[1]!.replyToId).toBe(kiriEntry.id);
    expect(screen.queryByTestId('console-reply-banner')).toBeNull();
    expect(log().getByText(`↪ ${'w'.repeat(50)}...`)).toBeTruthy();
  });

  it('Shift+Enter is a newline, not a send; whitespace alone is ignored', async () => {
    const fetchMock = stubFetch(routes());
    renderConsole();
    fireEvent.change(input(), { target: { value: 'first line' } });
    fireEvent.keyDown(input(), { key: 'Enter', shiftKey: true });
    type('   ');
    await waitFor(() => expect(screen.getByTestId('engine-badge').textContent).toBe('Active'));
    expect(calls(fetchMock, 'POST', '/api/chat')).toEqual([]);
    expect(calls(fetchMock, 'POST', '/api/presence-execution/execute')).toEqual([]);
  });

  it('keeps the log across a remount (a reload)', async () => {
    stubFetch(routes());
    const first = renderConsole();
    type('const kept = 1');
    await waitFor(() => expect(log().getByText('42')).toBeTruthy());
    first.unmount();
    renderConsole();
    expect(log().getByText('const kept = 1')).toBeTruthy();
    expect(log().getByText('42')).toBeTruthy();
  });

  it("says the engine is unreachable when the status call fails, never 'Inactive'", async () => {
    stubFetch(routes({ 'GET /api/presence-execution/status': networkDown() }));
    renderConsole();
    await waitFor(() =>
      expect(screen.getByTestId('engine-badge').textContent).toBe('Engine unreachable'),
    );
    expect(
      within(screen.getByTestId('console-engine-status')).getByText('Unreachable'),
    ).toBeTruthy();
  });

  it('offline, sends nothing and keeps what was typed', async () => {
    const fetchMock = stubFetch(routes());
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderConsole();
    expect(screen.getByText(CONSOLE_PANEL_TEXT.offline)).toBeTruthy();
    type('Are you there?');
    expect((input() as HTMLTextAreaElement).value).toBe('Are you there?');
    expect(calls(fetchMock, 'POST', '/api/chat')).toEqual([]);
  });

  it('shows a .ts file with its size in KB and a 500-character preview', async () => {
    stubFetch(routes());
    renderConsole();
    const row = await screen.findByTestId('console-file');
    expect(within(row).getByText('2.0 KB')).toBeTruthy();
    const preview = await within(row).findByLabelText('Preview of notes.ts');
    expect(preview.textContent).toHaveLength(503);
    expect(preview.textContent!.endsWith('...')).toBe(true);
    expect(within(row).getByRole('button', { name: 'Process with Hydra' })).toBeTruthy();
  });

  it("refuses a file over 10 MB before sending it: 'File too large'", async () => {
    const fetchMock = stubFetch(routes());
    renderConsole();
    const big = new File(['x'], 'huge.ts', { type: 'text/plain' });
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    fireEvent.change(screen.getByTestId('console-file-input'), { target: { files: [big] } });
    await waitFor(() => expect(screen.getByText('huge.ts is over 10MB limit')).toBeTruthy());
    expect(screen.getByText('File too large')).toBeTruthy();
    expect(calls(fetchMock, 'POST', '/api/manual-console/upload')).toEqual([]);
  });
});
