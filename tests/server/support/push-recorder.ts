// A PushSender that records what it was asked to send, and when (the fake clock's time).
import type { PushMessage, PushSender } from '../../../server/push/push-sender';

export interface RecordedPush {
  userId: string;
  message: PushMessage;
  at: number;
}

export function recordingPush(clock: () => number): PushSender & { sent: RecordedPush[] } {
  const sent: RecordedPush[] = [];
  return {
    sent,
    sendToUser(userId, message) {
      sent.push({ userId, message, at: clock() });
      return Promise.resolve({ sent: 1, removed: 0, failed: 0 });
    },
  };
}
