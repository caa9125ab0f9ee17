// The one seam between what decides to notify the owner (the scheduler, reminders, later features'
// task-completion notices) and what delivers a web push (server/push/*). The deciders take a
// PushSender; the push module implements it, and tests pass a recording fake.

/** The push service's Urgency header: how soon a device on battery should wake for it. */
export type PushUrgency = 'very-low' | 'low' | 'normal' | 'high';

export interface PushMessage {
  /** The notification's title, e.g. 'Kiri'. */
  title: string;
  body: string;
  /** Path in the app the notification opens, e.g. '/?message=<id>'. */
  url: string;
  /** Notification tag: a newer notification with the same tag replaces the older one on the device. */
  tag: string;
  /** Push service Topic header: a newer undelivered message with the same topic replaces the older. */
  topic?: string;
  urgency?: PushUrgency;
  /** Seconds the push service keeps an undelivered message: hours, not weeks (issue 10). */
  ttlSeconds?: number;
  /** The conversation message this notification is about, when there is one. */
  messageId?: string;
}

export interface PushOutcome {
  /** Subscriptions the push service accepted the message for. */
  sent: number;
  /** Subscriptions removed because the push service said they are gone (404, 410). */
  removed: number;
  /** Subscriptions whose delivery failed after the retries (kept). */
  failed: number;
}

export interface PushSender {
  /** Sends to every subscription of one user; never throws for a delivery failure. */
  sendToUser(userId: string, message: PushMessage): Promise<PushOutcome>;
}
