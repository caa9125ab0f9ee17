// Offline replies on screen (issue 12): the quiet 'written offline' mark, no trouble line once Kiri
// answered on the device, and the 'Offline replies' setting in the chat's settings panel.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MessageRow } from '@/db/schema';
import FramePanels from '@/features/chat/components/FramePanels';
import { MessageItem } from '@/features/chat/components/MessageItem';
import type { VisionControl } from '@/features/chat/hooks/useFrameSettings';
import { answeredOnDevice, withoutTroubleAnsweredHere } from '@/features/chat/model/device-replies';
import { chatItems } from '@/features/chat/model/message-view';
import {
  OFFLINE_REPLIES_KEY,
  offlineRepliesEnabled,
  parseOfflineReplies,
} from '@/lib/offline-replies-setting';

afterEach(cleanup);
beforeEach(() => localStorage.clear());

const T = 1_700_000_000_000;

function msg(over: Partial<MessageRow> & Pick<MessageRow, 'id'>): MessageRow {
  return {
    sessionId: '2026-11-22',
    sender: 'kiri',
    message: `text of ${over.id}`,
    timestamp: T,
    replyToId: null,
    emotionalState: null,
    ...over,
  };
}

const troubled = msg({
  id: 'u1',
  sender: 'user',
  status: 'waiting',
  statusReason: 'Server unavailable (503)',
  serverTrouble: true,
});
const deviceReply = msg({ id: 'k1', timestamp: T + 800, revealAt: T + 800, writtenOffline: true });

describe('the trouble line and a reply written on the device', () => {
  it('a message Kiri answered on the device gets no trouble line, even while she is still typing it', () => {
    const rows = [troubled, deviceReply];
    const listed = (now: number) =>
      withoutTroubleAnsweredHere(chatItems({ rows, now }), rows).map((i) => i.kind);
    expect(listed(T + 1000)).toEqual(['message', 'message']);
    expect(listed(T)).toEqual(['message', 'typing']);
  });

  it('without a device reply (offline replies off) the spec’s trouble line stands', () => {
    expect(chatItems({ rows: [troubled], now: T }).map((i) => i.kind)).toEqual([
      'message',
      'trouble',
    ]);
  });

  it('answeredOnDevice names the owner’s message a reply written offline follows', () => {
    const other = msg({ id: 'u2', sender: 'user', status: 'waiting', timestamp: T + 2 });
    expect([...answeredOnDevice([troubled, deviceReply, other])]).toEqual(['u1']);
  });
});

function renderItem(row: MessageRow, groupEnd = true) {
  return render(
    <MessageItem
      row={row}
      groupEnd={groupEnd}
      personaName="Kiri"
      quoted={undefined}
      onPress={() => {}}
      onRetry={() => {}}
      onDelete={() => {}}
    />,
  );
}

describe("the 'written offline' mark", () => {
  it('shows under a reply written on the device, as words a screen reader reads', () => {
    const { container } = renderItem(deviceReply);
    const mark = screen.getByText('written offline');
    expect(mark.closest('[aria-hidden]')).toBeNull();
    expect(container.querySelector('[data-written-offline]')).toBe(mark);
  });

  it('is not under a reply of the server’s', () => {
    renderItem(msg({ id: 'k2' }));
    expect(screen.queryByText('written offline')).toBeNull();
  });
});

const vision: VisionControl = { vision: 'day', auto: true, toggle: () => {}, setAuto: () => {} };

function renderSettings() {
  return render(
    <MemoryRouter>
      <FramePanels panel="settings" isMobile={false} vision={vision} onClose={() => {}} />
    </MemoryRouter>,
  );
}

describe("the 'Offline replies' setting", () => {
  it('is on by default, in the settings panel', () => {
    renderSettings();
    const toggle = screen.getByRole('switch', { name: 'Offline replies' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
  });

  it('turned off, it is kept on the device and read by the replier', () => {
    renderSettings();
    fireEvent.click(screen.getByRole('switch', { name: 'Offline replies' }));
    expect(
      screen.getByRole('switch', { name: 'Offline replies' }).getAttribute('aria-checked'),
    ).toBe('false');
    expect(localStorage.getItem(OFFLINE_REPLIES_KEY)).toBe('false');
    expect(offlineRepliesEnabled()).toBe(false);
    cleanup();
    renderSettings();
    expect(
      screen.getByRole('switch', { name: 'Offline replies' }).getAttribute('aria-checked'),
    ).toBe('false');
    fireEvent.click(screen.getByRole('switch', { name: 'Offline replies' }));
    expect(offlineRepliesEnabled()).toBe(true);
  });

  it('only a stored false turns it off', () => {
    expect(parseOfflineReplies(null)).toBe(true);
    expect(parseOfflineReplies('true')).toBe(true);
    expect(parseOfflineReplies('false')).toBe(false);
    expect(parseOfflineReplies('{broken')).toBe(true);
  });
});
