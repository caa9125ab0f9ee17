// The user restriction page against a stubbed server that keeps its state: what a user of the page sees
// and what each control sends.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import UserRestrictionScreen from '@/features/admin/components/UserRestrictionScreen';
import { resetToasts } from '@/ui/toast-store';
import {
  AUTHENTICATED_OWNER,
  errorAnswer,
  json,
  networkDown,
  renderWithProviders,
  stubFetch,
} from '../../helpers/client';

const NOW = new Date().toISOString();

function server() {
  const state = {
    restrictions: { restrictionMode: true, defaultPermissions: ['chat', 'screen_settings'] },
    users: [
      {
        id: 'u1',
        name: 'Sam',
        deviceType: 'iPhone',
        lastAccess: NOW,
        isOnline: true,
        accessLevel: 'owner',
        permissions: [
          'chat',
          'screen_settings',
          'browser_bubble',
          'memory_threading',
          'consciousness',
          'presence_engine',
          'hydra_tasks',
          'mirror_bridge',
          'user_management',
          'system_control',
          'infrastructure',
        ],
      },
      {
        id: 'u2',
        name: 'Grace',
        deviceType: 'Android',
        lastAccess: new Date(Date.now() - 3 * 3600_000).toISOString(),
        isOnline: false,
        accessLevel: 'user',
        permissions: ['chat', 'screen_settings'],
      },
    ] as Array<Record<string, unknown>>,
  };
  const sent: { path: string; body: unknown }[] = [];
  let down = false;
  let refuse: string | null = null;
  const fetchMock = stubFetch({
    'GET /api/auth/status': () => json({ ...AUTHENTICATED_OWNER, timeZone: 'Asia/Shanghai' }),
    'GET /api/admin/users': () =>
      down ? networkDown()({} as never) : json({ success: true, users: state.users }),
    'GET /api/admin/user-restrictions': () => json({ success: true, ...state.restrictions }),
    'POST /api/admin/user-restrictions': ({ body }) => {
      sent.push({ path: 'restrictions', body });
      if (refuse) return errorAnswer(500, refuse);
      state.restrictions = body as typeof state.restrictions;
      return json({ success: true });
    },
    'POST /api/admin/users/u2/promote': ({ body }) => {
      sent.push({ path: 'promote u2', body });
      if (refuse) return errorAnswer(403, refuse);
      state.users[1] = {
        ...state.users[1],
        accessLevel: (body as { accessLevel: string }).accessLevel,
      };
      return json({ success: true });
    },
    'DELETE /api/admin/users/u2': () => {
      sent.push({ path: 'delete u2', body: undefined });
      state.users = state.users.filter((u) => u.id !== 'u2');
      return json({ success: true });
    },
  });
  return {
    fetchMock,
    sent,
    goDown: () => (down = true),
    refuseWith: (message: string) => (refuse = message),
  };
}

function renderScreen() {
  return renderWithProviders(
    <MemoryRouter>
      <UserRestrictionScreen />
    </MemoryRouter>,
  );
}

const row = (name: string) => screen.getByRole('listitem', { name });

afterEach(() => {
  cleanup();
  act(() => resetToasts());
  vi.unstubAllGlobals();
  Object.defineProperty(navigator, 'onLine', { configurable: true, value: true });
  window.dispatchEvent(new Event('online'));
});

describe('user restriction page', () => {
  it('lists each user with device, last access, presence, level and permissions; the owner has no actions', async () => {
    server();
    renderScreen();
    expect(screen.getByRole('heading', { level: 1, name: 'User Restriction Mode' })).toBeTruthy();
    const grace = await screen.findByRole('listitem', { name: 'Grace' });
    expect(within(grace).getByText('Android')).toBeTruthy();
    expect(within(grace).getByText('3 h ago')).toBeTruthy();
    expect(within(grace).getByTestId('presence').textContent).toBe('Offline');
    expect(within(grace).getByTestId('access-level').textContent).toBe('User');
    expect(within(grace).getByTestId('permissions').textContent).toBe('Chat, Screen Settings');
    const sam = row('Sam');
    expect(within(sam).getByTestId('presence').textContent).toBe('Online');
    expect(within(sam).getByTestId('access-level').textContent).toBe('Owner');
    expect(within(sam).getByTestId('permissions').textContent).toBe('All permissions');
    expect(within(sam).queryAllByRole('button')).toEqual([]);
    expect(
      within(grace)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Make Engineer', 'Make Admin', 'Remove']);
  });

  it("promotes to engineer and back to user, with 'User Promoted'", async () => {
    const s = server();
    renderScreen();
    fireEvent.click(
      within(await screen.findByRole('listitem', { name: 'Grace' })).getByRole('button', {
        name: 'Make Engineer',
      }),
    );
    expect(await screen.findByText('User Promoted')).toBeTruthy();
    await waitFor(() =>
      expect(within(row('Grace')).getByTestId('access-level').textContent).toBe('Engineer'),
    );
    fireEvent.click(within(row('Grace')).getByRole('button', { name: 'Make User' }));
    await waitFor(() =>
      expect(within(row('Grace')).getByTestId('access-level').textContent).toBe('User'),
    );
    expect(s.sent).toEqual([
      { path: 'promote u2', body: { accessLevel: 'engineer' } },
      { path: 'promote u2', body: { accessLevel: 'user' } },
    ]);
  });

  it("a refused promotion says 'Failed to promote user' with the server's reason", async () => {
    const s = server();
    s.refuseWith('You cannot manage a user above your own access level');
    renderScreen();
    fireEvent.click(
      within(await screen.findByRole('listitem', { name: 'Grace' })).getByRole('button', {
        name: 'Make Admin',
      }),
    );
    expect(await screen.findByText('Failed to promote user')).toBeTruthy();
    expect(screen.getByText('You cannot manage a user above your own access level')).toBeTruthy();
  });

  it("remove asks first; cancel keeps the user, confirm removes them with 'User Removed'", async () => {
    const s = server();
    renderScreen();
    fireEvent.click(
      within(await screen.findByRole('listitem', { name: 'Grace' })).getByRole('button', {
        name: 'Remove',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Remove Grace?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(s.sent).toEqual([]);

    fireEvent.click(within(row('Grace')).getByRole('button', { name: 'Remove' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Remove Grace?' })).getByRole('button', {
        name: 'Remove',
      }),
    );
    expect(await screen.findByText('User Removed')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Grace' })).toBeNull());
    expect(s.sent).toEqual([{ path: 'delete u2', body: undefined }]);
  });

  it("saves the switch and the default permissions with 'Settings Saved'; a failure says so", async () => {
    const s = server();
    renderScreen();
    const save = (await screen.findByRole('button', {
      name: 'Save Settings',
    })) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Chat' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Memory Threading' }));
    fireEvent.click(screen.getByRole('switch', { name: /Restriction mode/ }));
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    expect(await screen.findByText('Settings Saved')).toBeTruthy();
    expect(s.sent).toEqual([
      {
        path: 'restrictions',
        body: {
          restrictionMode: false,
          defaultPermissions: ['chat', 'screen_settings', 'memory_threading'],
        },
      },
    ]);

    s.refuseWith('Disk full');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Hydra Tasks' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Failed to save restriction settings')).toBeTruthy();
    expect(screen.getByText('Disk full')).toBeTruthy();
  });

  it('offline it keeps the last list, says so, and offers no changes', async () => {
    const s = server();
    renderScreen();
    await screen.findByRole('listitem', { name: 'Grace' });
    s.goDown();
    Object.defineProperty(navigator, 'onLine', { configurable: true, value: false });
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(await screen.findByText('You are offline')).toBeTruthy();
    expect(screen.getByText(/Showing the last known list, from just now/)).toBeTruthy();
    expect(within(row('Grace')).getByTestId('access-level').textContent).toBe('User');
    for (const button of within(row('Grace')).getAllByRole('button')) {
      expect((button as HTMLButtonElement).disabled).toBe(true);
    }
    expect(
      (screen.getByRole('switch', { name: /Restriction mode/ }) as HTMLInputElement).disabled,
    ).toBe(true);
  });
});
