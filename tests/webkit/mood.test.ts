// The mood orb in WebKitGTK (the engine of iPhone Safari): under the chat's header it names the mode the
// server gives (GET /api/kiri/state), is drawn (a real size and the mode's colour) and pulses.
import { expect, test } from 'vitest';
import { webkitSession } from './support/session';
import { openChat } from './support/kiri';

const session = webkitSession();

interface Orb {
  label: string | null;
  width: number;
  color: string;
  animation: string;
}

test("the orb under the chat's header shows the server's mode, drawn and pulsing", async () => {
  await openChat(session.page, 'Mira');
  const state = (await (
    await fetch(`${session.server.url}/api/kiri/state`, {
      headers: { cookie: await session.page.cookieHeader() },
    })
  ).json()) as { mode: string; intensity: number };
  const label = `Kiri is ${state.mode} (intensity ${Math.round(state.intensity * 100)}%)`;
  const orb = await session.page.waitFor(
    async () => {
      const read = await session.page.evaluate<Orb | null>(`
        const orb = document.querySelector('[data-testid="mood-orb"]');
        if (!orb) return null;
        const style = getComputedStyle(orb);
        return {
          label: orb.getAttribute('aria-label'),
          width: orb.getBoundingClientRect().width,
          color: style.backgroundColor,
          animation: style.animationName,
        };`);
      return read && read.label === label ? read : null;
    },
    { message: `the orb named '${label}'` },
  );
  // 24 to 48 px by intensity, a colour that is not transparent, the pulse running.
  expect(orb.width).toBeGreaterThanOrEqual(24);
  expect(orb.width).toBeLessThanOrEqual(48);
  expect(orb.color).not.toMatch(/rgba\(0, 0, 0, 0\)|transparent/);
  expect(orb.animation).toBe('kiri-mood-pulse');
});
