// The memory dashboard with a stubbed server: the stats (types with counts, 'Never') polled every 30 s and
// the context every 60 s; the add form (the band shown live, 'Memory content is required' before any
// request, 'Memory Added' and the totals read again, 'Failed to add memory' keeping the text, the draft
// kept across a remount); the download ('Failed to download memory files'); offline, the last stats with
// adding said to need a connection.
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import MemoryDashboardScreen from '@/features/memory-dashboard/components/MemoryDashboardScreen';
import { MEMORY_DRAFT_KEY } from '@/features/memory-dashboard/hooks/useMemoryDashboard';
import { CONTEXT_POLL_MS, STATS_POLL_MS } from '@/features/memory-dashboard/model/memory-dashboard';
import { saveFile } from '@/lib/save-file';
import { resetToasts } from '@/ui/toast-store';
import { errorAnswer, json, renderWithProviders, stubFetch } from '../../helpers/client';

vi.mock('@/lib/save-file', () => ({ saveFile: vi.fn() }));

function server() {
  const state = {
    total: 2,
    preference: 1,
    lastOptimization: null as string | null,
    context: 'The owner has not asked you to remember anything yet.',
    down: false,
    addStatus: 201,
    fileStatus: 200,
  };
  const added: unknown[] = [];
  const reads = { stats: 0, context: 0 };
  const fetchMock = stubFetch({
    'GET /api/auth/status': () =>
      json({ authenticated: true, user: { id: 'u1', name: 'Mei' }, timeZone: 'Asia/Shanghai' }),
    'GET /api/memory/stats': () => {
      reads.stats += 1;
      if (state.down) return Promise.reject(new TypeError('Failed to fetch'));
      return json({
        totalMemories: state.total,
        threadsCount: 1,
        userCount: 1,
        greetingBehavior: 'Once a day, Kiri greets in her own words for the time of day.',
        memoryTypes: {
          conversation: state.total - state.preference,
          preference: state.preference,
          personality: 0,
          context: 0,
          relationship: 0,
        },
        lastOptimization: state.lastOptimization,
      });
    },
    'GET /api/memory/context': () => {
      reads.context += 1;
      if (state.down) return Promise.reject(new TypeError('Failed to fetch'));
      return json({ context: state.context, recalledFor: null });
    },
    'POST /api/memory/add': ({ body }) => {
      if (state.addStatus !== 201) return errorAnswer(state.addStatus, 'Internal server error');
      added.push(body);
      state.total += 1;
      if ((body as { type: string }).type === 'preference') state.preference += 1;
      return json({ success: true, stored: true, memory: {} }, 201);
    },
    'GET /compiled-memory.md': () =>
      state.fileStatus === 200
        ? new Response("# Kiri's compiled memory\n", {
            headers: { 'Content-Type': 'text/markdown; charset=utf-8' },
          })
        : errorAnswer(state.fileStatus, 'Not logged in'),
  });
  return { state, added, reads, fetchMock };
}

function renderScreen() {
  return renderWithProviders(
    <MemoryRouter>
      <MemoryDashboardScreen />
    </MemoryRouter>,
  );
}

const byTestId = (id: string) => screen.getByTestId(id).textContent;

beforeEach(() => {
  vi.mocked(saveFile).mockClear();
  resetToasts();
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  act(() => resetToasts());
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the statistics and the context', () => {
  it('shows every figure, each type with its count and "Never"; stats polled every 30 s, context every 60 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const s = server();
    renderScreen();
    await waitFor(() => expect(byTestId('memory-total')).toBe('2'));
    expect(byTestId('memory-threads')).toBe('1');
    expect(byTestId('memory-users')).toBe('1');
    expect(byTestId('memory-last-optimization')).toBe('Never');
    expect(byTestId('memory-type-preference')).toBe('1');
    expect(byTestId('memory-type-relationship')).toBe('0');
    expect(byTestId('memory-greeting')).toContain('Once a day');
    await waitFor(() => expect(byTestId('memory-context')).toContain('not asked you to remember'));

    s.state.total = 5;
    s.state.lastOptimization = '2026-01-15T08:00:00.000Z';
    s.state.context = 'Things the owner asked you to remember…\n- Ana (told earlier today)';
    const contextReads = s.reads.context;
    await act(() => vi.advanceTimersByTimeAsync(STATS_POLL_MS));
    await waitFor(() => expect(byTestId('memory-total')).toBe('5'));
    // The owner's zone (Asia/Shanghai: UTC+8), not the device's.
    expect(byTestId('memory-last-optimization')).toBe('Thu, Jan 15, 2026, 16:00');
    expect(s.reads.context).toBe(contextReads);
    await act(() => vi.advanceTimersByTimeAsync(CONTEXT_POLL_MS - STATS_POLL_MS));
    await waitFor(() => expect(byTestId('memory-context')).toContain('- Ana (told earlier today)'));
  });
});

describe('adding a memory', () => {
  it("shows the importance's band live, 6 in medium", async () => {
    server();
    renderScreen();
    const slider = screen.getByLabelText('Importance');
    expect(byTestId('memory-importance-band')).toBe('5 · Medium (4-6)');
    fireEvent.change(slider, { target: { value: '6' } });
    expect(byTestId('memory-importance-band')).toBe('6 · Medium (4-6)');
    fireEvent.change(slider, { target: { value: '9' } });
    expect(byTestId('memory-importance-band')).toBe('9 · Critical (9-10)');
  });

  it("blank content says 'Memory content is required' and sends nothing", async () => {
    const s = server();
    renderScreen();
    fireEvent.change(screen.getByLabelText('Memory'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Memory' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Memory content is required');
    expect(s.added).toEqual([]);
  });

  it("sends the memory, says 'Memory Added', clears the form and reads the totals again", async () => {
    const s = server();
    renderScreen();
    await waitFor(() => expect(byTestId('memory-total')).toBe('2'));
    fireEvent.change(screen.getByLabelText('Memory'), {
      target: { value: ' Mei takes her coffee black ' },
    });
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'preference' } });
    fireEvent.change(screen.getByLabelText('Importance'), { target: { value: '7' } });
    fireEvent.change(screen.getByLabelText('Tags'), { target: { value: 'coffee, , morning' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Memory' }));

    expect(await screen.findByText('Memory Added')).toBeTruthy();
    expect(s.added).toEqual([
      {
        content: 'Mei takes her coffee black',
        type: 'preference',
        importance: 7,
        tags: ['coffee', 'morning'],
      },
    ]);
    await waitFor(() => expect(byTestId('memory-total')).toBe('3'));
    expect(byTestId('memory-type-preference')).toBe('2');
    expect((screen.getByLabelText('Memory') as HTMLTextAreaElement).value).toBe('');
    expect(localStorage.getItem(MEMORY_DRAFT_KEY)).toBeNull();
  });

  it("a failed request says 'Failed to add memory' and keeps what was typed", async () => {
    const s = server();
    s.state.addStatus = 500;
    renderScreen();
    fireEvent.change(screen.getByLabelText('Memory'), {
      target: { value: 'Ana loves sunflowers' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add Memory' }));
    expect(await screen.findByText('Failed to add memory')).toBeTruthy();
    expect((screen.getByLabelText('Memory') as HTMLTextAreaElement).value).toBe(
      'Ana loves sunflowers',
    );
  });

  it('what was typed is kept on the device: a reload finds it again', async () => {
    server();
    const first = renderScreen();
    fireEvent.change(screen.getByLabelText('Memory'), { target: { value: 'Half a thought' } });
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'context' } });
    first.unmount();
    renderScreen();
    expect((screen.getByLabelText('Memory') as HTMLTextAreaElement).value).toBe('Half a thought');
    expect((screen.getByLabelText('Type') as HTMLSelectElement).value).toBe('context');
  });

  it('offline: the last stats stay with the notice, and adding says it needs a connection', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const s = server();
    renderScreen();
    await waitFor(() => expect(byTestId('memory-total')).toBe('2'));
    s.state.down = true;
    await act(() => vi.advanceTimersByTimeAsync(STATS_POLL_MS));
    await waitFor(() =>
      expect(screen.getByText('Offline: memories cannot be added or downloaded now')).toBeTruthy(),
    );
    expect(byTestId('memory-total')).toBe('2');
    expect(screen.getByText(/Adding a memory needs a connection/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Memory'), { target: { value: 'For later' } });
    const add = screen.getByRole('button', { name: 'Add Memory' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    expect(
      (screen.getByRole('button', { name: 'Download compiled memory' }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
    expect((screen.getByLabelText('Memory') as HTMLTextAreaElement).value).toBe('For later');
  });
});

describe('the compiled memory file', () => {
  it('is fetched and saved as compiled-memory.md', async () => {
    server();
    renderScreen();
    await waitFor(() => expect(byTestId('memory-total')).toBe('2'));
    fireEvent.click(screen.getByRole('button', { name: 'Download compiled memory' }));
    await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
    const [blob, name] = vi.mocked(saveFile).mock.calls[0]!;
    expect(name).toBe('compiled-memory.md');
    expect(await blob.text()).toBe("# Kiri's compiled memory\n");
    expect(screen.queryByText('Failed to download memory files')).toBeNull();
  });

  it("a failure says 'Failed to download memory files'", async () => {
    const s = server();
    s.state.fileStatus = 401;
    renderScreen();
    await waitFor(() => expect(byTestId('memory-total')).toBe('2'));
    fireEvent.click(screen.getByRole('button', { name: 'Download compiled memory' }));
    expect(await screen.findByText('Failed to download memory files')).toBeTruthy();
  });
});
