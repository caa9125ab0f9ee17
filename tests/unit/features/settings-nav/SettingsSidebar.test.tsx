// The settings sidebar against a stubbed server: the layout toasts of spec 000 §8 (with the server's
// error when it gives one), reset then reload, the search's count, and the fallback when the layout call
// fails (spec 000 §6), said on the screen.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { integrationItemsFor, type SidebarRole } from '@/domain/settings-items';
import SettingsSidebar from '@/features/settings-nav/components/SettingsSidebar';
import { DEFAULT_NOTE } from '@/features/settings-nav/model/groups';
import { getToasts, resetToasts } from '@/ui/toast-store';
import {
  AUTHENTICATED_OWNER,
  AUTHENTICATED_USER,
  errorAnswer,
  json,
  networkDown,
  renderWithProviders,
  stubFetch,
  testQueryClient,
} from '../../helpers/client';

afterEach(() => {
  cleanup();
  act(() => resetToasts());
  vi.unstubAllGlobals();
});

function layout(role: SidebarRole, order?: string[]) {
  const items = integrationItemsFor(role);
  return {
    success: true,
    items: order ? order.map((id) => items.find((item) => item.id === id)!) : items,
    userRole: role,
    isOwnerDevice: role === 'owner',
    canReorder: role !== 'user',
    customized: order !== undefined,
  };
}

function renderSidebar(reload = vi.fn()) {
  const queryClient = testQueryClient();
  // A failing call fails at once here (the app retries twice, 1 s then 2 s).
  queryClient.setDefaultOptions({ queries: { retry: false } });
  renderWithProviders(
    <MemoryRouter>
      <SettingsSidebar
        todayId={null}
        viewedId={null}
        onSelectSession={() => {}}
        onNewSession={() => {}}
        onClose={() => {}}
        reload={reload}
      />
    </MemoryRouter>,
    queryClient,
  );
  return { reload };
}

const toasts = () => getToasts().map((t) => ({ title: t.title, description: t.description }));
/** The group appears once the layout call has answered (or failed). */
const integration = () => screen.findByRole('region', { name: 'Integration and Sync' });
const reorderRows = () =>
  within(screen.getByRole('list', { name: 'Reorder items' }))
    .getAllByRole('listitem')
    .map((row) => row.textContent);

async function startReorder() {
  fireEvent.click(await within(await integration()).findByRole('button', { name: 'Reorder' }));
  fireEvent.click(screen.getByRole('button', { name: 'Move Memory Logs up' }));
}

describe('reorder mode: save', () => {
  it("posts the new order and toasts 'Layout Saved'", async () => {
    const posted: unknown[] = [];
    stubFetch({
      'GET /api/auth/status': () => json(AUTHENTICATED_OWNER),
      'GET /api/sidebar-layout': () => json(layout('owner')),
      'POST /api/sidebar-layout': ({ body }) => {
        posted.push(body);
        return json(layout('owner', (body as { order: string[] }).order));
      },
    });
    renderSidebar();
    await startReorder();
    expect(reorderRows()[0]).toMatch(/Memory Logs/);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(toasts()).toEqual([{ title: 'Layout Saved', description: undefined }]),
    );
    expect(posted).toEqual([
      { order: ['memory-logs', 'hydra', 'self-mod', 'monitoring', 'analytics'] },
    ]);
    // Back to links, in the saved order.
    const links = within(await integration()).getAllByRole('link');
    expect(links[0]!.textContent).toMatch(/^Memory Logs/);
  });

  it("toasts 'Save Failed' with the server's error, and stays in reorder mode", async () => {
    stubFetch({
      'GET /api/auth/status': () => json(AUTHENTICATED_OWNER),
      'GET /api/sidebar-layout': () => json(layout('owner')),
      'POST /api/sidebar-layout': () =>
        errorAnswer(403, 'Only engineers and admins can reorder the sidebar'),
    });
    renderSidebar();
    await startReorder();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(toasts()).toEqual([
        {
          title: 'Save Failed',
          description: 'Only engineers and admins can reorder the sidebar',
        },
      ]),
    );
    expect(reorderRows()[0]).toMatch(/Memory Logs/);
  });

  it("toasts 'Save Failed' / 'Failed to save layout' when the server cannot be reached", async () => {
    stubFetch({
      'GET /api/auth/status': () => json(AUTHENTICATED_OWNER),
      'GET /api/sidebar-layout': () => json(layout('owner')),
      'POST /api/sidebar-layout': networkDown(),
    });
    renderSidebar();
    await startReorder();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(toasts()).toEqual([{ title: 'Save Failed', description: 'Failed to save layout' }]),
    );
  });

  it('Cancel leaves the order as it was', async () => {
    stubFetch({
      'GET /api/auth/status': () => json(AUTHENTICATED_OWNER),
      'GET /api/sidebar-layout': () => json(layout('owner')),
    });
    renderSidebar();
    await startReorder();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(within(await integration()).getAllByRole('link')[0]!.textContent).toMatch(
      /^Hydra Tasks/,
    );
  });
});

describe('reorder mode: reset', () => {
  it("deletes the layout, toasts 'Layout Reset', then reloads the page", async () => {
    const deleted = vi.fn();
    stubFetch({
      'GET /api/auth/status': () => json(AUTHENTICATED_OWNER),
      'GET /api/sidebar-layout': () =>
        json(layout('owner', ['analytics', 'hydra', 'memory-logs', 'self-mod', 'monitoring'])),
      'DELETE /api/sidebar-layout': () => {
        deleted();
        return json(layout('owner'));
      },
    });
    const { reload } = renderSidebar();
    await startReorder();
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() =>
      expect(toasts()).toEqual([{ title: 'Layout Reset', description: undefined }]),
    );
    expect(deleted).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1), { timeout: 3_000 });
  });

  it("toasts 'Reset Failed' / 'Failed to reset layout' and does not reload", async () => {
    stubFetch({
      'GET /api/auth/status': () => json(AUTHENTICATED_OWNER),
      'GET /api/sidebar-layout': () => json(layout('owner')),
      'DELETE /api/sidebar-layout': networkDown(),
    });
    const { reload } = renderSidebar();
    await startReorder();
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() =>
      expect(toasts()).toEqual([{ title: 'Reset Failed', description: 'Failed to reset layout' }]),
    );
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('when the layout call fails', () => {
  it('shows the default order for the role of the login status, says so, and offers no reorder', async () => {
    stubFetch({
      'GET /api/auth/status': () => json(AUTHENTICATED_USER),
      'GET /api/sidebar-layout': networkDown(),
    });
    renderSidebar();
    expect(await screen.findByText(DEFAULT_NOTE)).toBeTruthy();
    const links = within(await integration()).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/settings/memory-logs',
      '/settings/self-mod',
    ]);
    expect(screen.queryByRole('link', { name: /Console Access/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reorder' })).toBeNull();
  });
});

describe('search', () => {
  it("counts what it finds and says 'No results found'", async () => {
    stubFetch({
      'GET /api/auth/status': () => json(AUTHENTICATED_OWNER),
      'GET /api/sidebar-layout': () => json(layout('owner')),
    });
    renderSidebar();
    await within(await integration()).findAllByRole('link');
    const box = screen.getByPlaceholderText('Search settings...');
    fireEvent.change(box, { target: { value: 'screen' } });
    expect(screen.getByRole('status').textContent).toBe('1 result');
    expect(screen.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/screen-settings',
    ]);
    fireEvent.change(box, { target: { value: 'qqqq' } });
    expect(screen.getByRole('status').textContent).toBe('No results found');
    expect(screen.queryAllByRole('link')).toEqual([]);
  });
});
