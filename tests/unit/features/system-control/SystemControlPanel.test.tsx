// The Admin System Control Panel: the counts and lists from the server's answers, the form's two
// refusals, Execute's toast and cleared form, Rollback's toast, the empty texts, and offline the last
// known state, marked, with no action.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SystemControlPanel } from '@/features/system-control/components/SystemControlPanel';
import { resetToasts } from '@/ui/toast-store';
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

function snapshot(n: number) {
  return {
    id: `019bc000-0000-7000-8000-0000000000${String(n).padStart(2, '0')}`,
    description: `Snapshot ${n}`,
    timestamp: new Date(Date.UTC(2026, 0, 15, 8, n)).toISOString(),
    files: ['memory.json', 'auth.json'],
    metadata: { triggeredBy: 'hydra-task', bytes: 10, encrypted: false, sameKey: true },
  };
}

function server(options: { empty?: boolean; down?: boolean; rollbackError?: string } = {}) {
  const posted: unknown[] = [];
  const rolledBack: string[] = [];
  const tasks = options.empty
    ? []
    : [
        { id: 't1', type: 'export', status: 'processing', progress: 40, error: null },
        { id: 't2', type: 'snapshot', status: 'completed', progress: 100, error: null },
        {
          id: 't3',
          type: 'format-disk',
          status: 'failed',
          progress: 0,
          error: 'Unknown command: format-disk',
        },
      ];
  const snapshots = options.empty ? [] : Array.from({ length: 12 }, (_, n) => snapshot(12 - n));
  const up = <T,>(handler: T) => (options.down ? networkDown() : handler);
  stubFetch({
    'GET /api/auth/status': () => json(AUTHENTICATED_OWNER),
    'GET /api/hydra/status': up(() =>
      json({
        active_tasks: 1,
        queued_tasks: 2,
        total_tasks: 7,
        commands: [{ name: 'snapshot', summary: 'A snapshot' }],
      }),
    ),
    'GET /api/hydra/tasks/active': up(() => json({ tasks })),
    'GET /api/version-guard/status': up(() => json({ total_snapshots: snapshots.length })),
    'GET /api/version-guard/snapshots': up(() => json({ snapshots })),
    'POST /api/admin/system-mod/execute': ({ body }) => {
      posted.push(body);
      return json({ success: true, taskId: 'task-42' });
    },
    'POST /api/version-guard/rollback/019bc000-0000-7000-8000-000000000012': () => {
      rolledBack.push('12');
      return options.rollbackError
        ? errorAnswer(409, options.rollbackError)
        : json({ success: true });
    },
  });
  return { posted, rolledBack };
}

describe('Admin System Control Panel', () => {
  it('shows the counts, the tasks with a progress bar only while processing, and the first 10 snapshots', async () => {
    server();
    renderWithProviders(<SystemControlPanel />);
    expect(await screen.findByText('Hydra Enabled')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('count-total').textContent).toBe('7'));
    expect(screen.getByTestId('count-active').textContent).toBe('1');
    expect(screen.getByTestId('count-queued').textContent).toBe('2');
    await waitFor(() => expect(screen.getByTestId('count-snapshots').textContent).toBe('12'));
    const tasks = await screen.findAllByTestId('task');
    expect(tasks).toHaveLength(3);
    expect(screen.getAllByRole('progressbar')).toHaveLength(1);
    expect(within(tasks[0]!).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');
    expect(within(tasks[2]!).getByText('Unknown command: format-disk')).toBeTruthy();
    expect(await screen.findAllByTestId('snapshot')).toHaveLength(10);
    expect(screen.getAllByRole('button', { name: 'Rollback' })).toHaveLength(10);
  });

  it('says so when there is nothing: no active tasks, no snapshots', async () => {
    server({ empty: true });
    renderWithProviders(<SystemControlPanel />);
    expect(await screen.findByText('No active tasks')).toBeTruthy();
    expect(await screen.findByText('No snapshots available')).toBeTruthy();
  });

  it('refuses an empty command and bad JSON, then enqueues, toasts the task id and clears the form', async () => {
    const { posted } = server();
    renderWithProviders(<SystemControlPanel />);
    const command = await screen.findByLabelText('System Modification Command');
    const params = screen.getByLabelText('Parameters (JSON)');
    fireEvent.click(screen.getByRole('button', { name: 'Execute' }));
    expect(await screen.findByText('Command Required')).toBeTruthy();
    expect(screen.getByText('Please enter a system modification command')).toBeTruthy();
    fireEvent.change(command, { target: { value: 'snapshot' } });
    fireEvent.change(params, { target: { value: '{description:' } });
    fireEvent.click(screen.getByRole('button', { name: 'Execute' }));
    expect(await screen.findByText('Invalid JSON')).toBeTruthy();
    expect(posted).toEqual([]);
    fireEvent.change(params, { target: { value: '{"description":"Before"}' } });
    fireEvent.click(screen.getByRole('button', { name: 'Execute' }));
    expect(await screen.findByText('Task Enqueued')).toBeTruthy();
    expect(screen.getByText('Task ID: task-42')).toBeTruthy();
    expect(posted).toEqual([{ command: 'snapshot', params: { description: 'Before' } }]);
    await waitFor(() => expect((command as HTMLInputElement).value).toBe(''));
    expect((params as HTMLTextAreaElement).value).toBe('');
  });

  it("rolls back from a snapshot's button, and names the server's reason when refused", async () => {
    const { rolledBack } = server({ rollbackError: 'Snapshot x is damaged' });
    renderWithProviders(<SystemControlPanel />);
    const [first] = await screen.findAllByTestId('snapshot');
    fireEvent.click(within(first!).getByRole('button', { name: 'Rollback' }));
    expect(await screen.findByText('Rollback Failed')).toBeTruthy();
    expect(screen.getByText('Snapshot x is damaged')).toBeTruthy();
    expect(rolledBack).toEqual(['12']);
    cleanup();
    act(() => resetToasts());
    server();
    renderWithProviders(<SystemControlPanel />);
    const [again] = await screen.findAllByTestId('snapshot');
    fireEvent.click(within(again!).getByRole('button', { name: 'Rollback' }));
    expect(await screen.findByText('Rollback Complete')).toBeTruthy();
    expect(screen.getByText('System rolled back successfully')).toBeTruthy();
  });

  it('offline, shows the last known state, marked, and offers no action', async () => {
    server();
    const first = renderWithProviders(<SystemControlPanel />);
    await waitFor(() => expect(screen.getByTestId('count-total').textContent).toBe('7'));
    await screen.findAllByTestId('snapshot');
    first.unmount();
    server({ down: true });
    renderWithProviders(<SystemControlPanel />);
    expect(await screen.findByText(/Last known state from/)).toBeTruthy();
    expect(screen.getByTestId('count-total').textContent).toBe('7');
    expect((screen.getByRole('button', { name: 'Execute' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    for (const button of screen.getAllByRole('button', { name: 'Rollback' })) {
      expect((button as HTMLButtonElement).disabled).toBe(true);
    }
  });
});
