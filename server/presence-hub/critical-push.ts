// The push a critical security event sends to the owner's devices (docs/presence-hub.md "The push"):
// what it says, where a tap opens, and how long the push service keeps it.
import { eventTypeLabel } from '../../src/domain/presence-hub';
import type { PushMessage } from '../push/push-sender';

export const CRITICAL_PUSH_TITLE = 'Presence Hub: critical security event';
/** A tap opens the console on its Security tab. */
export const CRITICAL_PUSH_URL = '/presence-hub-console?tab=security';
/** An alarm an hour old is still worth seeing; one from yesterday is not (the console keeps it). */
export const CRITICAL_PUSH_TTL_SECONDS = 60 * 60;

export function criticalPush(event: {
  id: string;
  eventType: string;
  description: string;
  zone: string;
}): PushMessage {
  return {
    title: CRITICAL_PUSH_TITLE,
    body: `${eventTypeLabel(event.eventType)} in ${event.zone}: ${event.description}`,
    url: CRITICAL_PUSH_URL,
    // One notification per event: a second alarm must not silently replace the first.
    tag: `presence-hub-${event.id}`,
    urgency: 'high',
    ttlSeconds: CRITICAL_PUSH_TTL_SECONDS,
  };
}
