import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '@/db/db';
import { createReminder } from '@/db/reminders';
import { PendingReminders } from '@/features/sleep/components/PendingReminders';
import { requestReplay } from '@/lib/outbox-sync';
import { resetToasts } from '@/ui/toast-store';
import {
  AUTHENTICATED_OWNER,
  json,
  networkDown,
  renderWithProviders,
  stubFetch,
} from '../../helpers/client';

vi.mock('@/lib/outbox-sync', () => ({
  requestReplay: vi.fn(),
  onOutboxReplayed: vi.fn(() => () => {}),
}));

const SOON = new Date(Date.now() + 2 * 3_600_000).toISOString();
const LATER = new Date(Date.now() + 30 * 3_600_000).toISOString();

function renderList() {
  return renderWithProviders(
    <MemoryRouter initialEntries={['/sleep-mode#reminders']}>
      <PendingReminders />
    </MemoryRouter>,
  );
}

const items = () =>
  within(screen.getByRole('list', { name: 'Pending Reminders' })).getAllByRole('listitem');

beforeEach(async () => {
  await db.open();
  await Promise.all([db.reminders.clear(), db.outbox.clear()]);
  vi.mocked(requestReplay).mockClear();
});
afterEach(() => {
  cleanup();
  act(() => resetToasts());
  vi.unstubAllGlobals();
});

describe('pending reminders', () => {
  it("lists the server's reminders merged with this device's unsent one, soonest first", async () => {
    await createReminder(db, { id: 'mine', text: 'stretch', dueAt: LATER, messageId: 'm2' }, 1);
    stubFetch({
      'GET /api/auth/status': () => json({ ...AUTHENTICATED_OWNER, timeZone: 'Asia/Shanghai' }),
      'GET /api/reminders': () =>
        json({ success: true, reminders: [{ id: 'srv', text: 'call mum', dueAt: SOON }] }),
    });
    renderList();
    await waitFor(() => expect(items()).toHaveLength(2));
    expect(items()[0]!.textContent).toContain('call mum');
    expect(items()[1]!.textContent).toContain('stretch');
    expect(items()[1]!.textContent).toContain('Not sent yet');
  });

  it('offline it shows what the device has, and says the server list could not be read', async () => {
    await db.reminders.add({
      id: 'kept',
      text: 'water the plants',
      dueAt: SOON,
      messageId: null,
      sync: 'set',
      createdAt: 1,
      settledAt: 1,
    });
    stubFetch({
      'GET /api/auth/status': networkDown(),
      'GET /api/reminders': networkDown(),
    });
    renderList();
    expect(await screen.findByText('water the plants')).toBeTruthy();
    expect(await screen.findByText(/could not be read/)).toBeTruthy();
  });

  it('Cancel on a set reminder queues DELETE /api/reminders/:id and says it is cancelling', async () => {
    stubFetch({
      'GET /api/auth/status': () => json(AUTHENTICATED_OWNER),
      'GET /api/reminders': () => json([{ id: 'srv', text: 'call mum', dueAt: SOON }]),
    });
    renderList();
    fireEvent.click(await screen.findByRole('button', { name: /Cancel reminder: call mum/ }));
    expect(await screen.findByText('Reminder cancelled')).toBeTruthy();
    await waitFor(() => expect(items()[0]!.getAttribute('data-sync')).toBe('cancelling'));
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ kind: 'reminder', method: 'DELETE', url: '/api/reminders/srv' });
    expect(requestReplay).toHaveBeenCalled();
  });

  it('says so when there are none', async () => {
    stubFetch({
      'GET /api/auth/status': () => json(AUTHENTICATED_OWNER),
      'GET /api/reminders': () => json([]),
    });
    renderList();
    expect(await screen.findByText('No pending reminders.')).toBeTruthy();
  });
});
