// The day of 1,000 messages that the 'browser-cold-start' benchmark opens twice: in the app (seeded into
// its Dexie database) and as a static page of the same messages, precached by the same worker.

export const COLD_START_COUNT = 1000;
export const STATIC_PAGE = 'bench-static.html';

export interface DayMessage {
  id: string;
  sender: 'user' | 'kiri';
  text: string;
}

const USER_LINES = [
  'On the train again, the carriage is packed.',
  'Do you remember what I said about the park?',
  'Work was long today, I am a bit tired.',
  'I tried the new noodle place near the station!',
  'Can you tell me something nice?',
];
const KIRI_LINES = [
  "Mm, that sounds like a lot. I'm here, take your time ~",
  'I remember! You said the ginkgo trees were turning gold.',
  'Long days deserve a soft evening. What would help right now?',
  'Ooh, was it good? Tell me everything about the broth.',
  'You make ordinary days feel a little brighter, you know that?',
];

/** The same 1,000 messages every run: alternating owner and Kiri, ids that sort in order. */
export function coldStartMessages(): DayMessage[] {
  return Array.from({ length: COLD_START_COUNT }, (_, index) => {
    const sender = index % 2 === 0 ? 'user' : 'kiri';
    const lines = sender === 'user' ? USER_LINES : KIRI_LINES;
    const hex = index.toString(16).padStart(12, '0');
    return {
      id: `0193a000-0000-7000-8000-${hex}`,
      sender,
      text: `${lines[index % lines.length]!} (#${index + 1})`,
    };
  });
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A plain page of the messages, styled like a chat, with the same data attributes as the app's. */
export function staticDayPage(messages: readonly DayMessage[], title: string): string {
  const items = messages
    .map(
      (m) =>
        `<div class="row ${m.sender}"><div class="bubble" data-message-id="${m.id}" data-sender="${m.sender}">${escapeHtml(m.text)}</div></div>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Kiri: ${escapeHtml(title)}</title>
<style>
body{margin:0;font:15px/1.4 system-ui,sans-serif;background:#fafaf9;color:#1c1917}
main{display:flex;flex-direction:column;gap:6px;padding:12px;max-width:720px;margin:0 auto}
.row{display:flex}.row.user{justify-content:flex-end}
.bubble{max-width:75%;padding:8px 12px;border-radius:18px;background:#fff;box-shadow:0 1px 2px #0001}
.user .bubble{background:#7c3aed;color:#fff}
</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${items}
</main>
</body>
</html>
`;
}
