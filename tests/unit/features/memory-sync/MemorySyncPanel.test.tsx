// The unified memory panel with a mocked server: the stats card, the recent list (20, cut at 300, the
// importance colours, Refresh), search on Enter (non-empty trimmed, cut at 200), 'No memories
// synchronized yet', failures only logged with empty results, and offline said plainly.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemorySyncPanel } from '@/features/memory-sync/components/MemorySyncPanel';
import { MEMORY_SYNC_TEXT as TEXT } from '@/features/memory-sync/model/texts';
import { errorAnswer, json, renderWithProviders, stubFetch } from '../../helpers/client';

function memory(id: string, content: string, importance: number, source = 'main_chat') {
  return {
    id,
    content,
    timestamp: Date.UTC(2026, 0, 14, 10),
    importance,
    emotion: 'tenderness',
    synced: true,
    context: { source, interactionType: 'conversation' },
  };
}

const LONG = `${'x'.repeat(250)}TAIL${'y'.repeat(100)}`;

function server() {
  let memories = [
    memory('a', 'my cat is called Miso', 0.85, 'console'),
    memory('b', 'Ana likes sunflowers', 0.65),
    memory('c', LONG, 0.3),
  ];
  let recentDown: 'no' | 'network' | 'server' = 'no';
  const searches: unknown[] = [];
  const fetchMock = stubFetch({
    'GET /api/memory-sync/recent/20': () => {
      if (recentDown === 'network') return Promise.reject(new TypeError('Failed to fetch'));
      if (recentDown === 'server') return errorAnswer(500, 'boom');
      return json({ success: true, memories });
    },
    'GET /api/memory-sync/status': () => {
      if (recentDown === 'network') return Promise.reject(new TypeError('Failed to fetch'));
      return json({
        success: true,
        stats: {
          totalMemories: memories.length,
          consoleMemories: memories.filter((m) => m.context.source === 'console').length,
          mainChatMemories: memories.filter((m) => m.context.source === 'main_chat').length,
          syncedMemories: memories.length,
          averageImportance: 0.6,
        },
      });
    },
    'POST /api/memory-sync/search': ({ body }) => {
      searches.push(body);
      const query = (body as { query: string }).query;
      if (query === 'explode') return errorAnswer(500, 'search broke');
      if (query === 'unplug') return Promise.reject(new TypeError('Failed to fetch'));
      return json({ success: true, results: query === 'long' ? [memory('c', LONG, 0.3)] : [] });
    },
  });
  return {
    fetchMock,
    searches,
    setMemories: (next: typeof memories) => (memories = next),
    down: (how: typeof recentDown) => (recentDown = how),
  };
}

let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const stat = (label: string) =>
  within(screen.getByRole('region', { name: TEXT.statsTitle })).getByText(label).nextElementSibling!
    .textContent;
const recentList = () => screen.getByRole('list', { name: TEXT.recentTitle });
const findRecentList = () => screen.findByRole('list', { name: TEXT.recentTitle });

describe('MemorySyncPanel', () => {
  it('shows the stats and the recent memories with their importance colours, cut at 300', async () => {
    server();
    renderWithProviders(<MemorySyncPanel />);
    await waitFor(() => expect(stat(TEXT.totalMemories)).toBe('3'));
    expect(stat(TEXT.consoleMemories)).toBe('1');
    expect(stat(TEXT.mainChatMemories)).toBe('2');
    expect(stat(TEXT.syncedMemories)).toBe('3');
    expect(stat(TEXT.averageImportance)).toBe('60%');

    const items = within(await findRecentList()).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    const colours = screen.getAllByTestId('memory-importance').map((el) => el.dataset.colour);
    expect(colours).toEqual(['red', 'yellow', 'green']);
    expect(within(items[0]!).getByText(TEXT.fromConsole)).toBeTruthy();
    // 354 characters: the recent list shows the first 300 and an ellipsis.
    const text = within(items[2]!).getByText(/^x+TAIL/).textContent!;
    expect(text).toBe(`${LONG.slice(0, 300)}...`);
  });

  it('Enter runs a search with the trimmed query and limit 10; results are cut at 200', async () => {
    const api = server();
    renderWithProviders(<MemorySyncPanel />);
    const box = screen.getByRole('searchbox', { name: TEXT.searchLabel });
    fireEvent.change(box, { target: { value: '   ' } });
    fireEvent.submit(box.closest('form')!);
    expect(api.searches).toEqual([]);

    fireEvent.change(box, { target: { value: '  long ' } });
    fireEvent.submit(box.closest('form')!);
    const results = await screen.findByRole('list', { name: TEXT.searchResults });
    expect(api.searches).toEqual([{ query: 'long', limit: 10 }]);
    expect(within(results).getByText(/^x+/).textContent).toBe(`${'x'.repeat(200)}...`);

    fireEvent.change(box, { target: { value: 'volcano' } });
    fireEvent.submit(box.closest('form')!);
    expect(await screen.findByText(TEXT.noResults)).toBeTruthy();
  });

  it('a failed search is only logged, with empty results; offline it says so', async () => {
    server();
    renderWithProviders(<MemorySyncPanel />);
    const box = screen.getByRole('searchbox', { name: TEXT.searchLabel });
    fireEvent.change(box, { target: { value: 'explode' } });
    fireEvent.submit(box.closest('form')!);
    expect(await screen.findByText(TEXT.noResults)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(warn).toHaveBeenCalledWith('Memory sync: search failed:', expect.anything());

    fireEvent.change(box, { target: { value: 'unplug' } });
    fireEvent.submit(box.closest('form')!);
    expect(await screen.findByText(TEXT.searchOffline)).toBeTruthy();
    expect(screen.queryByText(TEXT.noResults)).toBeNull();
  });

  it("'No memories synchronized yet' when the lattice is empty; Refresh reads it again", async () => {
    const api = server();
    api.setMemories([]);
    renderWithProviders(<MemorySyncPanel />);
    expect(await screen.findByText(TEXT.empty)).toBeTruthy();

    api.setMemories([memory('n', 'a new memory from the chat', 0.7)]);
    fireEvent.click(screen.getByRole('button', { name: TEXT.refresh }));
    expect(within(await findRecentList()).getByText('a new memory from the chat')).toBeTruthy();
    await waitFor(() => expect(stat(TEXT.totalMemories)).toBe('1'));
  });

  it('a server failure is logged and shows the empty list; offline says so plainly instead', async () => {
    const api = server();
    api.down('server');
    renderWithProviders(<MemorySyncPanel />);
    expect(await screen.findByText(TEXT.empty)).toBeTruthy();
    await waitFor(() =>
      expect(warn).toHaveBeenCalledWith('Memory sync: recent memories failed:', expect.anything()),
    );
    cleanup();

    api.down('network');
    renderWithProviders(<MemorySyncPanel />);
    expect((await screen.findAllByText(TEXT.offline)).length).toBeGreaterThan(0);
    expect(screen.queryByText(TEXT.empty)).toBeNull();
  });

  it('offline after a read: the last known list stays, marked as such', async () => {
    const api = server();
    renderWithProviders(<MemorySyncPanel />);
    await findRecentList();
    api.down('network');
    fireEvent.click(screen.getByRole('button', { name: TEXT.refresh }));
    // Both the stats and the list keep their last value, each marked.
    await waitFor(() =>
      expect(screen.getAllByText(new RegExp(`^${TEXT.lastKnown} ·`))).toHaveLength(2),
    );
    expect(within(recentList()).getAllByRole('listitem')).toHaveLength(3);
  });
});
