// The memory panel with a mocked server: status polled, search (disabled under 3 characters; results
// with importance and the top 3 feelings as percents, scrolling within 24rem), the 'New Memory' form
// with contextType and Cancel, and the last known status offline.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryPanel } from '@/features/memory';
import { MEMORY_STATUS_POLL_MS } from '@/features/memory/model/memory';
import { resetToasts } from '@/ui/toast-store';
import { errorAnswer, json, renderWithProviders, stubFetch } from '../../helpers/client';

const NODE = {
  id: 'n1',
  content: 'My sister Ana lives in Lisbon',
  contextType: 'bonding',
  source: 'user',
  ownerOnly: false,
  timestamp: 1,
  accessCount: 1,
  importance: 0.834,
  emotionalWeight: {
    joy: 0,
    melancholy: 0.1,
    urgency: 0,
    tenderness: 0.25,
    curiosity: 0,
    contentment: 0.05,
    protectiveness: 0,
    longing: 0.9,
  },
  semanticTags: ['ana', 'lisbon', 'sister'],
  linkedNodes: [],
};

function server() {
  let status = {
    totalNodes: 3,
    activeThreads: 1,
    corruptionDetected: false,
    backupRequired: false,
  };
  let down = false;
  const created: unknown[] = [];
  const searched: string[] = [];
  const fetchMock = stubFetch({
    'GET /api/memory-lattice/status': () => {
      if (down) return Promise.reject(new TypeError('Failed to fetch'));
      return json(status);
    },
    'GET /api/memory-lattice/search': ({ url }) => {
      const query = new URL(url, 'http://localhost').searchParams.get('query') ?? '';
      searched.push(query);
      return json(query === 'sister' ? [NODE] : []);
    },
    'POST /api/memory-lattice/create': ({ body }) => {
      if ((body as { content: string }).content === 'fail') {
        return errorAnswer(400, 'Memory content is required');
      }
      created.push(body);
      status = { ...status, totalNodes: status.totalNodes + 1 };
      return json({ success: true }, 201);
    },
  });
  return {
    fetchMock,
    created,
    searched,
    set: (next: Partial<typeof status>) => (status = { ...status, ...next }),
    goDown: () => (down = true),
  };
}

beforeEach(() => resetToasts());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const statusRow = (label: string) =>
  within(screen.getByLabelText('Memory status')).getByText(label).nextElementSibling!;

describe('MemoryPanel', () => {
  it('shows the status and polls it every 5 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const s = server();
    renderWithProviders(<MemoryPanel />);
    await waitFor(() => expect(statusRow('Nodes').textContent).toBe('3'));
    expect(statusRow('Active threads').textContent).toBe('1');
    expect(statusRow('Integrity').textContent).toBe('Intact');
    expect(statusRow('Backup').textContent).toBe('Backed up');

    s.set({ totalNodes: 5, corruptionDetected: true, backupRequired: true });
    await act(() => vi.advanceTimersByTimeAsync(MEMORY_STATUS_POLL_MS));
    await waitFor(() => expect(statusRow('Nodes').textContent).toBe('5'));
    expect(statusRow('Integrity').textContent).toBe('Corruption detected');
    expect(statusRow('Backup').textContent).toBe('Backup required');
  });

  it('offline, the last known status stays, marked as such', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const s = server();
    renderWithProviders(<MemoryPanel />);
    await waitFor(() => expect(statusRow('Nodes').textContent).toBe('3'));
    s.goDown();
    await act(() => vi.advanceTimersByTimeAsync(MEMORY_STATUS_POLL_MS));
    await waitFor(() => expect(screen.getByText(/^Last known/)).toBeTruthy());
    expect(statusRow('Nodes').textContent).toBe('3');
  });

  it('a refused status (403) is asked once: the poll stops there, since asking again changes nothing', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = stubFetch({
      'GET /api/memory-lattice/status': () => errorAnswer(403, 'Permission required'),
    });
    const statusCalls = () =>
      fetchMock.mock.calls.filter(([input]) => String(input).endsWith('/api/memory-lattice/status'))
        .length;
    renderWithProviders(<MemoryPanel />);
    await screen.findByText('The memory lattice needs the memory threading permission.');
    expect(statusCalls()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(MEMORY_STATUS_POLL_MS * 3));
    expect(statusCalls()).toBe(1);
  });

  it('search: the button is disabled under 3 characters; results with importance and the top 3 feelings', async () => {
    const s = server();
    renderWithProviders(<MemoryPanel />);
    const input = screen.getByRole('searchbox', { name: 'Search memories' });
    const button = screen.getByRole('button', { name: 'Search' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'si' } });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    fireEvent.submit(input.closest('form')!);
    expect(s.searched).toEqual([]);

    fireEvent.change(input, { target: { value: 'sister' } });
    expect((button as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(button);
    const results = await screen.findByRole('list', { name: 'Search results' });
    expect(s.searched).toEqual(['sister']);
    expect(results.className).toContain('max-h-[24rem]');
    expect(results.className).toContain('overflow-y-auto');
    expect(within(results).getByText('My sister Ana lives in Lisbon')).toBeTruthy();
    expect(within(results).getByText('Importance 83%')).toBeTruthy();
    const feelings = within(results).getByRole('list', { name: 'Feelings' }).querySelectorAll('li');
    expect([...feelings].map((li) => li.textContent)).toEqual([
      'longing 90%',
      'tenderness 25%',
      'melancholy 10%',
    ]);

    fireEvent.change(input, { target: { value: 'nothing here' } });
    fireEvent.click(button);
    expect(await screen.findByText('No memories found')).toBeTruthy();
  });

  it("'New Memory' opens the form; Cancel closes it; Create sends contextType, then clears, closes and rereads the status", async () => {
    const s = server();
    renderWithProviders(<MemoryPanel />);
    await waitFor(() => expect(statusRow('Nodes').textContent).toBe('3'));
    expect(screen.queryByRole('form', { name: 'New Memory' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'New Memory' }));
    const form = screen.getByRole('form', { name: 'New Memory' });
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'New Memory' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'New Memory' }));
    const again = screen.getByRole('form', { name: 'New Memory' });
    const create = within(again).getByRole('button', { name: 'Create' }) as HTMLButtonElement;
    const text = within(again).getByLabelText('Memory');
    fireEvent.change(text, { target: { value: '   ' } });
    expect(create.disabled).toBe(true);
    fireEvent.change(text, { target: { value: 'Ana loves sunflowers ' } });
    fireEvent.change(within(again).getByLabelText('Context'), { target: { value: 'bonding' } });
    expect(create.disabled).toBe(false);
    fireEvent.click(create);

    await waitFor(() => expect(screen.queryByRole('form', { name: 'New Memory' })).toBeNull());
    expect(s.created).toEqual([
      { content: 'Ana loves sunflowers', contextType: 'bonding', source: 'user', ownerOnly: false },
    ]);
    await waitFor(() => expect(statusRow('Nodes').textContent).toBe('4'));
    // Opened again, the form is empty.
    fireEvent.click(screen.getByRole('button', { name: 'New Memory' }));
    expect(
      (
        within(screen.getByRole('form', { name: 'New Memory' })).getByLabelText(
          'Memory',
        ) as HTMLTextAreaElement
      ).value,
    ).toBe('');
  });

  it('a refused create keeps the form and its text, and says why', async () => {
    server();
    renderWithProviders(<MemoryPanel />);
    fireEvent.click(screen.getByRole('button', { name: 'New Memory' }));
    const form = screen.getByRole('form', { name: 'New Memory' });
    fireEvent.change(within(form).getByLabelText('Memory'), { target: { value: 'fail' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Memory Not Saved')).toBeTruthy();
    expect((within(form).getByLabelText('Memory') as HTMLTextAreaElement).value).toBe('fail');
  });
});
