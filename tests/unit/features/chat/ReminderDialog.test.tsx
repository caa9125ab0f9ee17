import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '@/db/db';
import type { MessageRow } from '@/db/schema';
import { CHOSEN_TIME_PAST } from '@/domain/reminder-time';
import ReminderDialog from '@/features/chat/components/ReminderDialog';
import { requestReplay } from '@/lib/outbox-sync';
import { resetToasts } from '@/ui/toast-store';
import { AUTHENTICATED_OWNER, json, renderWithProviders, stubFetch } from '../../helpers/client';

vi.mock('@/lib/outbox-sync', () => import('./outbox-sync-mock'));

const NOON_SHANGHAI = Date.parse('2026-11-24T04:00:00Z');
const TEXT = 'Remind me to call the dentist about the appointment next Thursday please';
const row: MessageRow = {
  id: '019ab000-0000-7000-8000-00000000abcd',
  sessionId: '2026-11-24',
  sender: 'user',
  message: TEXT,
  timestamp: NOON_SHANGHAI - 60_000,
  replyToId: null,
  emotionalState: null,
  status: 'answered',
};

function open(onClose = vi.fn()) {
  stubFetch({ 'GET /api/auth/status': () => json(AUTHENTICATED_OWNER) });
  renderWithProviders(
    <MemoryRouter>
      <ReminderDialog row={row} timeZone="Asia/Shanghai" onClose={onClose} />
    </MemoryRouter>,
  );
  return onClose;
}

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOON_SHANGHAI);
  await db.reminders.clear();
  await db.outbox.clear();
  vi.mocked(requestReplay).mockClear();
});
afterEach(() => {
  cleanup();
  act(() => resetToasts());
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Set Reminder dialog', () => {
  it('offers the four choices with their times, and links to the pending reminders', () => {
    open();
    expect(screen.getByRole('heading', { name: 'Set Reminder' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: /In an hour/ })).toBeTruthy();
    expect(
      screen.getByRole('radio', { name: /This evening/ }).closest('label')!.textContent,
    ).toContain('Today, 8:00 PM');
    expect(screen.getByRole('radio', { name: /Tomorrow morning/ })).toBeTruthy();
    expect(screen.getByRole('radio', { name: /A date and time/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See pending reminders' }).getAttribute('href')).toBe(
      '/sleep-mode#reminders',
    );
  });

  it("this evening: stored on the device, queued for POST /api/reminders, 'Reminder set' with the first 50 characters", async () => {
    const onClose = open();
    fireEvent.click(screen.getByRole('radio', { name: /This evening/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Set Reminder' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await screen.findByText('Reminder set')).toBeTruthy();
    expect(screen.getByText(`${TEXT.slice(0, 50)}…`)).toBeTruthy();
    const [reminder] = await db.reminders.toArray();
    expect(reminder).toMatchObject({
      text: TEXT,
      dueAt: '2026-11-24T12:00:00.000Z',
      messageId: row.id,
      sync: 'queued',
    });
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ kind: 'reminder', method: 'POST', url: '/api/reminders' });
    expect(entry!.key).toBe(reminder!.id);
    expect(JSON.parse(entry!.body!)).toEqual({
      id: reminder!.id,
      text: TEXT,
      dueAt: '2026-11-24T12:00:00.000Z',
      messageId: row.id,
    });
    expect(requestReplay).toHaveBeenCalled();
  });

  it('a chosen date and time in the past is refused with a clear message, and nothing is stored', async () => {
    const onClose = open();
    fireEvent.click(screen.getByRole('radio', { name: /A date and time/ }));
    const input = screen.getByLabelText('Reminder date and time') as HTMLInputElement;
    expect(input.type).toBe('datetime-local');
    expect(input.min).toBe('2026-11-24T12:00');
    fireEvent.change(input, { target: { value: '2026-11-24T11:30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set Reminder' }));
    expect((await screen.findByRole('alert')).textContent).toBe(CHOSEN_TIME_PAST);
    expect(onClose).not.toHaveBeenCalled();
    expect(await db.reminders.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it("a chosen date and time is read in the owner's zone", async () => {
    const onClose = open();
    fireEvent.click(screen.getByRole('radio', { name: /A date and time/ }));
    fireEvent.change(screen.getByLabelText('Reminder date and time'), {
      target: { value: '2026-11-25T18:30' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Set Reminder' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect((await db.reminders.toArray())[0]?.dueAt).toBe('2026-11-25T10:30:00.000Z');
  });

  it('Cancel closes without storing anything', async () => {
    const onClose = open();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
    expect(await db.reminders.count()).toBe(0);
  });
});
