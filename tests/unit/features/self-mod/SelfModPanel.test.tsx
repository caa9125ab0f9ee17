// The self-modification panel: the config card, the greeting, Apply Latest Patch, the command box (its
// text mapped by spec 001 §5; success clears it and reloads), the two log lists with their empty texts,
// spec 001 §8's toasts, and offline the last known state, marked, with no action.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SelfModPanel } from '@/features/self-mod/components/SelfModPanel';
import { KEPT_SELF_MOD_KEY } from '@/features/self-mod/api/self-mod-api';
import { getToasts, resetToasts } from '@/ui/toast-store';
import {
  AUTHENTICATED_OWNER,
  errorAnswer,
  json,
  networkDown,
  renderWithProviders,
  stubFetch,
} from '../../helpers/client';

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  act(() => resetToasts());
  vi.unstubAllGlobals();
});

function server(options: { pending?: number; down?: boolean; pythonLines?: string[] } = {}) {
  let greeting: string | null = null;
  let pending = options.pending ?? 0;
  const logs: string[] = ['2026-01-15T08:00:00.000Z INFO Kiri is running'];
  const executed: unknown[] = [];
  const down = networkDown();
  const answer = (handler: () => Response) => (options.down ? down : handler);
  stubFetch({
    'GET /api/auth/status': () => json(AUTHENTICATED_OWNER),
    'GET /api/self-mod/config': answer(() =>
      json({
        success: true,
        config: {
          trigger_via_domain: true,
          supported_commands: ['create_file', 'update_greeting'],
        },
      }),
    ),
    'GET /api/self-mod/greeting': answer(() =>
      json({
        success: true,
        source: greeting ? 'owner' : 'engine',
        text: greeting,
        preview: greeting?.replace('{name}', 'Sam') ?? null,
        setAt: greeting ? '2026-01-15T08:00:00.000Z' : null,
        pendingPatches: pending,
        latestPatch: pending
          ? { text: 'Hello from a patch', proposedAt: '2026-01-15T07:00:00.000Z' }
          : null,
      }),
    ),
    'GET /api/self-mod/logs/10': answer(() => json({ success: true, logs: [...logs].reverse() })),
    'GET /api/self-mod/python-logs/10': answer(() =>
      json({ success: true, logs: options.pythonLines ?? [] }),
    ),
    'POST /api/self-mod/execute': ({ body }) => {
      executed.push(body);
      const { command, params } = body as { command: string; params: Record<string, string> };
      if (command === 'create_file' && params.filename?.includes('/')) {
        return errorAnswer(400, 'filename must be a file name, not a path');
      }
      if (command === 'update_greeting') greeting = params.new_greeting ?? null;
      logs.push(`2026-01-15T08:01:00.000Z INFO self-mod: ${command}`);
      return json({ success: true, message: `did ${command}`, error: null, result: {} });
    },
    'POST /api/self-mod/apply-latest-patch': () => {
      greeting = 'Hello from a patch';
      pending = 0;
      return json({ success: true, message: 'Applied latest patch automatically' });
    },
  });
  return { executed };
}

const commandBox = () => screen.getByRole('textbox', { name: 'Command' });
const executeButton = () => screen.getByRole('button', { name: 'Execute' }) as HTMLButtonElement;

describe('SelfModPanel', () => {
  it("shows the config, Kiri's own greeting, the server's log lines and 'No Python logs available'", async () => {
    server();
    renderWithProviders(<SelfModPanel />);
    const config = await screen.findByRole('region', { name: 'Configuration' });
    expect(within(config).getByText('Accepted (they propose greeting patches)')).toBeTruthy();
    expect(within(config).getByText('create_file')).toBeTruthy();
    expect(await screen.findByText(/Kiri greets each day in her own words/)).toBeTruthy();
    const tsLogs = screen.getByRole('region', { name: 'TypeScript logs' });
    expect(await within(tsLogs).findByText(/INFO Kiri is running/)).toBeTruthy();
    const pyLogs = screen.getByRole('region', { name: 'Python logs' });
    expect(await within(pyLogs).findByText('No Python logs available')).toBeTruthy();
    // Nothing pending: the button cannot be pressed.
    expect(
      (screen.getByRole('button', { name: 'Apply Latest Patch' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it("'No logs available' when the server has no line", async () => {
    stubFetch({
      'GET /api/auth/status': () => json(AUTHENTICATED_OWNER),
      'GET /api/self-mod/logs/10': () => json({ success: true, logs: [] }),
    });
    renderWithProviders(<SelfModPanel />);
    const tsLogs = await screen.findByRole('region', { name: 'TypeScript logs' });
    expect(await within(tsLogs).findByText('No logs available')).toBeTruthy();
  });

  it('update_greeting: sends the mapped command, toasts success, clears the box and reloads the greeting and logs', async () => {
    const { executed } = server();
    renderWithProviders(<SelfModPanel />);
    await screen.findByText(/Kiri greets each day in her own words/);
    expect(executeButton().disabled).toBe(true);
    fireEvent.change(commandBox(), { target: { value: '   ' } });
    expect(executeButton().disabled).toBe(true);
    fireEvent.change(commandBox(), { target: { value: 'update_greeting Good {part}, {name}!' } });
    fireEvent.click(executeButton());
    await waitFor(() =>
      expect(screen.getByTestId('self-mod-greeting').textContent).toBe('Good {part}, {name}!'),
    );
    expect(screen.getByText('Good {part}, Sam!')).toBeTruthy();
    expect(executed).toEqual([
      {
        type: 'manual_command',
        command: 'update_greeting',
        params: { new_greeting: 'Good {part}, {name}!' },
      },
    ]);
    expect((commandBox() as HTMLInputElement).value).toBe('');
    expect(getToasts()[0]).toMatchObject({
      title: 'Command executed successfully',
      description: 'did update_greeting',
    });
    const tsLogs = screen.getByRole('region', { name: 'TypeScript logs' });
    expect(await within(tsLogs).findByText(/self-mod: update_greeting/)).toBeTruthy();
  });

  it("a refused command toasts 'Command failed' with the server's message and keeps the text", async () => {
    server();
    renderWithProviders(<SelfModPanel />);
    await screen.findByText(/Kiri greets each day in her own words/);
    fireEvent.change(commandBox(), { target: { value: 'create_file ../etc/x.txt boom' } });
    fireEvent.click(executeButton());
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({
        title: 'Command failed',
        description: 'filename must be a file name, not a path',
      }),
    );
    expect((commandBox() as HTMLInputElement).value).toBe('create_file ../etc/x.txt boom');
  });

  it("no answer at all: 'Execution error' / 'Failed to execute command'", async () => {
    server();
    renderWithProviders(<SelfModPanel />);
    await screen.findByText(/Kiri greets each day in her own words/);
    stubFetch({ 'POST /api/self-mod/execute': networkDown() });
    fireEvent.change(commandBox(), { target: { value: 'hello Kiri' } });
    fireEvent.click(executeButton());
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({
        title: 'Execution error',
        description: 'Failed to execute command',
      }),
    );
  });

  it("Apply Latest Patch applies the pending patch: 'Greeting updated' / 'Applied latest patch automatically'", async () => {
    server({ pending: 1 });
    renderWithProviders(<SelfModPanel />);
    expect(await screen.findByText('1 pending patch')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Apply Latest Patch' }));
    await waitFor(() =>
      expect(screen.getByTestId('self-mod-greeting').textContent).toBe('Hello from a patch'),
    );
    expect(screen.getByText('No pending patch')).toBeTruthy();
    expect(getToasts()[0]).toMatchObject({
      title: 'Greeting updated',
      description: 'Applied latest patch automatically',
    });
  });

  it('offline: the last known state, marked with its time, and no action can be pressed', async () => {
    const at = Date.UTC(2026, 0, 14, 1, 0);
    localStorage.setItem(
      KEPT_SELF_MOD_KEY,
      JSON.stringify({
        greeting: {
          value: {
            source: 'owner',
            text: 'Morning, love',
            preview: 'Morning, love',
            setAt: '2026-01-14T00:00:00.000Z',
            pendingPatches: 1,
            latestPatch: { text: 'Hi', proposedAt: '2026-01-14T00:30:00.000Z' },
          },
          at,
        },
        logs: { value: ['2026-01-14T00:59:00.000Z INFO kept line'], at },
      }),
    );
    server({ down: true });
    renderWithProviders(<SelfModPanel />);
    expect(screen.getByTestId('self-mod-greeting').textContent).toBe('Morning, love');
    expect(screen.getByText(/kept line/)).toBeTruthy();
    expect(await screen.findByText('Offline: last known state')).toBeTruthy();
    expect(
      (screen.getByRole('button', { name: 'Apply Latest Patch' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    fireEvent.change(commandBox(), { target: { value: 'hello' } });
    expect(executeButton().disabled).toBe(true);
  });
});
