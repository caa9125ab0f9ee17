// The mirror bridge's main journey in WebKitGTK (issue 16): the owner starts the bridge on
// /mirror-bridge, an export dropped into the server's watch folder (its MIRROR_WATCH_FOLDER) shows in the
// logs, read every 10 s while shown. Nothing here needs an API WebKit lacks.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, test } from 'vitest';
import { openChat } from './support/kiri';
import { webkitSession } from './support/session';
import { xpathLiteral } from './support/webkit';

const folder = mkdtempSync(join(tmpdir(), 'kiri-webkit-watch-'));
const session = webkitSession({ server: { env: { MIRROR_WATCH_FOLDER: folder } } });
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const button = (name: string) => `//button[normalize-space()=${xpathLiteral(name)}]`;

test('the owner starts the bridge and sees a dropped export in the logs', async () => {
  await openChat(session.page, 'Mira');
  await session.page.goto('/mirror-bridge');
  await session.page.waitForText('Stopped');
  await session.page.waitForText('Not configured');
  await session.page.click(button('Start Auto-Sync'));
  await session.page.waitForText('Running');
  await session.page.click(button('Show Logs'));
  await session.page.waitForText('No messages synced yet');

  writeFileSync(
    join(folder, 'desk-chat.md'),
    '# Conversation of 2026-01-14\n\n### Mira · 09:00\n\nLooking back, that trip was the best.\n',
  );
  await session.page.waitForText('Looking back, that trip was the best.', { timeout: 30_000 });
  await session.page.waitForText('reflective');
});
