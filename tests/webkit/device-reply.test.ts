// Kiri talks back on the commute (issue 12), in the iPhone's engine: one message online gets the
// server's reply; once the device engine is loaded (after login, when the app is idle: in Safari a
// timer, as it has no requestIdleCallback), the server stops and the next message gets a reply written
// on the device, after Kiri's typing pause, marked 'written offline'; a reload opens the app from the
// worker with the message, the reply and the mark; when the server is back the message reaches it
// exactly once with the device's reply as its answer, and no second answer of Kiri's appears.
// WebKit keeps navigator.onLine true with the server down and has no Background Sync (docs/webkit.md):
// the failure is learnt from the request, and the page's probe of /api/health brings the replay.
// Here in WebKitGTK 2.50 (today's Safari engine); the same steps in WPE WebKit 2.38 (Safari 16.0) are
// in device-reply-safari16.test.ts: both engines in one file took up to 73 s under load.
import { describe } from 'vitest';
import { offlineReplyJourney } from './support/device-reply';
import { webkitSession } from './support/session';

describe.sequential('WebKitGTK 2.50: a reply written offline on the commute', () => {
  offlineReplyJourney(webkitSession());
});
