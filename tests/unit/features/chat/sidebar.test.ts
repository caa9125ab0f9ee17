import { describe, expect, it } from 'vitest';
import {
  APP_VERSION,
  COMING_SOON,
  messageCountText,
  NAV_LINKS,
  SIDEBAR_WIDTH_PX,
  systemStatusRows,
  chatsMayBeCleared,
  homeScreenAdvice,
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
      }).map((row) => row.label),
    ).toEqual(['Connection', 'Your messages', 'Replies', 'Chats on this device']);
    const sparse = systemStatusRows({
      personaName: 'Nova',
      online: false,
      waiting: undefined,
      provider: null,
      storagePersisted: false,
    });
    expect(sparse.map((row) => row.label)).toEqual(['Connection', 'Chats on this device']);
    expect(JSON.stringify(sparse)).not.toMatch(/Centered|Streaming/);
  });

  it("the sidebar's status rows use words a person understands", () => {
    const rows = (input: Partial<Parameters<typeof systemStatusRows>[0]>) =>
      Object.fromEntries(
        systemStatusRows({
          personaName: 'Kiri',
          online: true,
          waiting: 0,
          provider: 'local',
          storagePersisted: true,
          ...input,
        }).map((row) => [row.label, row.value]),
      );
    expect(rows({})).toEqual({
      Connection: 'Connected',
      'Your messages': 'All sent',
      Replies: 'Made on your server',
      'Chats on this device': 'Kept safe',
    });
    expect(
      rows({ online: false, waiting: 1, provider: 'openai', storagePersisted: false }),
    ).toEqual({
      Connection: 'Offline',
      'Your messages': '1 waiting to send',
      Replies: 'Made with openai',
      'Chats on this device': 'The browser may clear them',
    });
    expect(rows({ waiting: 3 })['Your messages']).toBe('3 waiting to send');
    // No bare number, no jargon of the machinery behind it.
    for (const input of [{}, { online: false, waiting: 4, storagePersisted: false }]) {
      for (const [label, value] of Object.entries(rows(input))) {
        expect(value, label).not.toMatch(/^\d+$/);
        expect(value, label).not.toMatch(/^(kept|local)$/);
        expect(`${label} ${value}`).not.toMatch(/engine|provider|storage|\blocal\b|persist/i);
      }
    }
  });

  it('says the server does not answer when the browser is online but the server does not', () => {
    const rows = systemStatusRows({
      personaName: 'Kiri',
      online: true,
      serverUnreachable: true,
      waiting: 1,
      provider: undefined,
      storagePersisted: undefined,
    });
    expect(rows[0]).toEqual({ label: 'Connection', value: 'No answer from the server' });
  });
});

describe('system status: emotional state', () => {
  it('leads with the emotional state from the state call (or Active) when it is given', () => {
    const rows = systemStatusRows({
      personaName: 'Kiri',
      online: true,
      waiting: 0,
      provider: null,
      storagePersisted: undefined,
      emotionalState: 'Reflecting',
    });
    expect(rows[0]).toEqual({ label: 'Emotional State', value: 'Reflecting' });
  });
});

describe('system status: consciousness (spec 000 §2.5)', () => {
  const base = {
    personaName: 'Kiri',
    online: true,
    waiting: 0,
    provider: null,
    storagePersisted: undefined,
  };

  it("says 'Streaming' while the consciousness stream runs, 'Paused' when it does not", () => {
    const streaming = systemStatusRows({
      ...base,
      emotionalState: 'Active',
      consciousnessStreaming: true,
    });
    expect(streaming.slice(0, 2)).toEqual([
      { label: 'Emotional State', value: 'Active' },
      { label: 'Consciousness', value: 'Streaming' },
    ]);
    const paused = systemStatusRows({ ...base, consciousnessStreaming: false });
    expect(paused[0]).toEqual({ label: 'Consciousness', value: 'Paused' });
  });

  it('leaves the row out until the status has answered', () => {
    for (const consciousnessStreaming of [undefined, null]) {
      const rows = systemStatusRows({ ...base, consciousnessStreaming });
      expect(rows.map((row) => row.label)).not.toContain('Consciousness');
    }
  });
});

describe('chats on this device (WebKit: no Storage API, 7-day clearing)', () => {
  const base = { personaName: 'Kiri', online: true, waiting: 0, provider: 'local' };
  const chatsRow = (input: Partial<Parameters<typeof systemStatusRows>[0]>) =>
    systemStatusRows({ ...base, storagePersisted: undefined, ...input }).find(
      (row) => row.label === 'Chats on this device',
    )?.value;

  it('chatsMayBeCleared: a browser that cannot be asked (Safari 16, WebKitGTK) may clear a tab', () => {
    expect(chatsMayBeCleared({ storagePersisted: null, homeScreen: false })).toBe(true);
    expect(chatsRow({ storagePersisted: null, homeScreen: false })).toBe(
      'The browser may clear them',
    );
  });

  it('chatsMayBeCleared: a Home Screen app that cannot ask is not under the 7-day rule', () => {
    expect(chatsMayBeCleared({ storagePersisted: null, homeScreen: true })).toBe(false);
    expect(chatsRow({ storagePersisted: null, homeScreen: true })).toBeUndefined();
  });

  it('chatsMayBeCleared: says nothing before the answer is known, and Kept safe once granted', () => {
    expect(chatsRow({ storagePersisted: undefined })).toBeUndefined();
    expect(chatsRow({ storagePersisted: true, homeScreen: false })).toBe('Kept safe');
  });

  it('homeScreenAdvice: tells a tab how to add Kiri to the Home Screen when its chats may be cleared', () => {
    for (const storagePersisted of [false, null]) {
      const advice = homeScreenAdvice({ storagePersisted, homeScreen: false });
      expect(advice).toMatch(/Home Screen/);
      expect(advice).toMatch(/Share, then Add to Home Screen/);
      expect(advice).toMatch(/server keeps your conversation/);
    }
  });

  it('homeScreenAdvice: none on the Home Screen already, none when the chats are kept', () => {
    expect(homeScreenAdvice({ storagePersisted: false, homeScreen: true })).toBeNull();
    expect(homeScreenAdvice({ storagePersisted: true, homeScreen: false })).toBeNull();
    expect(homeScreenAdvice({ storagePersisted: undefined, homeScreen: false })).toBeNull();
  });
});
