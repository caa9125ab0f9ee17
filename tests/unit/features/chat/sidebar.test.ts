import { describe, expect, it } from 'vitest';
import {
  APP_VERSION,
  COMING_SOON,
  messageCountText,
  NAV_LINKS,
  SIDEBAR_WIDTH_PX,
  systemStatusRows,
} from '@/features/chat/model/sidebar';

describe('chat sidebar', () => {
  it('is 260 px wide, links the spec paths, shows Sanctuary as coming soon and v2.3', () => {
    expect(SIDEBAR_WIDTH_PX).toBe(260);
    expect(NAV_LINKS.map((l) => l.to)).toEqual([
      '/',
      '/core-systems',
      '/mirror-bridge',
      '/consciousness',
      '/hybrid-dashboard',
      '/system-features',
      '/whisperbridge',
    ]);
    expect(COMING_SOON).toEqual({ label: 'Sanctuary', note: 'Coming soon' });
    expect(APP_VERSION).toBe('v2.3');
  });

  it('counts messages in words', () => {
    expect(messageCountText(1)).toBe('1 message');
    expect(messageCountText(0)).toBe('0 messages');
  });

  it('system status shows real values only, and leaves out what is unknown', () => {
    expect(
      systemStatusRows({
        personaName: 'Kiri',
        online: true,
        waiting: 2,
        provider: 'local',
        storagePersisted: true,
      }),
    ).toEqual([
      { label: 'Connection', value: 'Online' },
      { label: 'Messages waiting', value: '2' },
      { label: "Kiri's engine", value: 'local' },
      { label: 'Storage', value: 'kept' },
    ]);
    const sparse = systemStatusRows({
      personaName: 'Nova',
      online: false,
      waiting: undefined,
      provider: null,
      storagePersisted: false,
    });
    expect(sparse).toEqual([
      { label: 'Connection', value: 'Offline' },
      { label: 'Storage', value: 'may be cleared by the browser' },
    ]);
    expect(JSON.stringify(sparse)).not.toMatch(/Centered|Streaming/);
  });

  it('says the server is unreachable when the browser is online but the server does not answer', () => {
    const rows = systemStatusRows({
      personaName: 'Kiri',
      online: true,
      serverUnreachable: true,
      waiting: 1,
      provider: undefined,
      storagePersisted: undefined,
    });
    expect(rows[0]).toEqual({ label: 'Connection', value: 'Server unreachable' });
  });
});
