// The system features page's main journey in WebKitGTK (issue 15): the summary cards show the server's
// own figures, and a tab switches to the live status of the page's four calls.
import { expect, test } from 'vitest';
import { webkitSession } from './support/session';
import { openChat } from './support/kiri';
import { xpathLiteral } from './support/webkit';

const session = webkitSession();

const card = (label: string) => `[aria-label=${JSON.stringify(label)}]`;
const tab = (name: string) => `//button[@role='tab' and normalize-space()=${xpathLiteral(name)}]`;

async function cardReads(label: string, text: string): Promise<void> {
  await session.page.waitFor(
    async () =>
      (await session.page.driver.findElement({ css: card(label) }).getText()).trim() === text,
    { message: `${label} to read ${text}` },
  );
}

test("the system features page shows the server's figures and switches tabs", async () => {
  await openChat(session.page, 'Mira');
  const tree = (await (
    await fetch(`${session.server.url}/api/presence-system-tree/status`, {
      headers: { cookie: await session.page.cookieHeader() },
    })
  ).json()) as { total_systems: number; active_systems: number; consciousness_level: number };
  expect(tree.total_systems).toBeGreaterThan(10);

  await session.page.goto('/system-features');
  await cardReads('Total Systems', String(tree.total_systems));
  await cardReads('Active Systems', String(tree.active_systems));
  await cardReads('Consciousness Level', `${Math.round(tree.consciousness_level * 100)}%`);

  await session.page.click(tab('Real-time Status'));
  await session.page.waitFor(
    () =>
      session.page.evaluate<boolean>(`
        const call = document.querySelector('[aria-label="Fallback System"]');
        return !!call && [...call.querySelectorAll('span')].some((s) => s.textContent === 'Live');`),
    { message: 'the fallback call to read Live' },
  );
});
