import { describe, expect, it } from 'vitest';
import { connectionView, waitingText } from '@/features/chat/model/offline-banner';

describe('offline banner', () => {
  it('counts the messages waiting to send', () => {
    expect(waitingText(1)).toBe('1 message waiting to send');
    expect(waitingText(3)).toBe('3 messages waiting to send');
  });

  it("offline: 'Offline' and the count in the banner, nothing in the header", () => {
    expect(
      connectionView({ online: false, serverUnreachable: true, waiting: 2, retrying: false }),
    ).toEqual({
      banner: { offline: true, waiting: '2 messages waiting to send' },
      headerOffline: false,
    });
    expect(
      connectionView({ online: false, serverUnreachable: false, waiting: 0, retrying: false })
        .banner,
    ).toEqual({ offline: true, waiting: null });
  });

  it('online with the server down: the header says Offline, the banner counts once a try failed', () => {
    expect(
      connectionView({ online: true, serverUnreachable: true, waiting: 1, retrying: true }),
    ).toEqual({
      banner: { offline: false, waiting: '1 message waiting to send' },
      headerOffline: true,
    });
  });

  it('a fresh send on a good connection shows no banner', () => {
    expect(
      connectionView({ online: true, serverUnreachable: false, waiting: 1, retrying: false }),
    ).toEqual({ banner: null, headerOffline: false });
  });
});
