// The task manager's info page: disabled, the static asset, and where tasks run; the console's link
// only for an admin, who may open it.
import { act, cleanup, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import TaskManagerScreen from '@/features/task-manager/components/TaskManagerScreen';
import { resetToasts } from '@/ui/toast-store';
import {
  AUTHENTICATED_OWNER,
  AUTHENTICATED_USER,
  json,
  renderWithProviders,
  stubFetch,
} from '../../helpers/client';

afterEach(() => {
  cleanup();
  act(() => resetToasts());
  vi.unstubAllGlobals();
});

function renderScreen() {
  return renderWithProviders(
    <MemoryRouter>
      <TaskManagerScreen />
    </MemoryRouter>,
  );
}

describe('TaskManagerScreen', () => {
  it('says the feature is disabled, what is loaded, and where tasks run; an admin gets the console link', async () => {
    const fetchMock = stubFetch({ 'GET /api/auth/status': () => json(AUTHENTICATED_OWNER) });
    renderScreen();
    expect(screen.getByTestId('task-manager-status').textContent).toBe('Disabled');
    expect(screen.getByText(/\/hydra\/task_tabs\.js is served with the app/)).toBeTruthy();
    const link = await screen.findByRole('link', { name: 'Open the console' });
    expect(link.getAttribute('href')).toBe('/console');
    // No call of its own: only the session's status.
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/api/auth/status']);
  });

  it('a user is told the console is for administrators', async () => {
    stubFetch({ 'GET /api/auth/status': () => json(AUTHENTICATED_USER) });
    renderScreen();
    expect(await screen.findByText('The console is for administrators.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Open the console' })).toBeNull();
  });
});
