// Issue 19's console in WebKitGTK (the engine of iPhone Safari), against the built app and a real server:
// the owner adds a camera through the form, a Fire trigger records a critical event, and the Security tab
// shows it with its severity.
import { expect, test } from 'vitest';
import { webkitSession } from './support/session';
import { openChat } from './support/kiri';
import { xpathLiteral } from './support/webkit';

const session = webkitSession();
const button = (name: string) => `//button[normalize-space()=${xpathLiteral(name)}]`;
const field = (label: string) =>
  `//div[@role="dialog"]//input[@id=//label[normalize-space()=${xpathLiteral(label)}]/@for]`;

test('add a camera, trigger Fire, see the critical event', async () => {
  await openChat(session.page, 'Mira');
  await session.page.goto('/presence-hub-console');
  await session.page.waitForText('No cameras registered yet');
  await session.page.click(button('Add Camera'));
  await session.page.fill(field('Zone'), 'Lobby');
  await session.page.fill(field('Location'), 'Main entrance');
  await session.page.fill(field('IP Address or URL'), '192.168.1.20');
  await session.page.click(`//div[@role="dialog"]${button('Save')}`);
  await session.page.waitForVisible('[data-testid="camera-tile"]');
  await session.page.click(button('Fire'));
  const event = await session.page.waitForVisible('[data-testid="security-event"]');
  expect(await event.getText()).toContain('FIRE DETECTION');
  const severity = await session.page.waitForVisible('[data-testid="severity"]');
  expect((await severity.getText()).trim()).toBe('critical');
});
