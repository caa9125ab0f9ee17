// Accessibility of the whole app on a phone (issue 21 point 3; docs/accessibility.md). One server, one
// owner, one page for the file:
// 1. axe-core (WCAG 2.2 A and AA) over every screen of the route table, the login screen and
//    /force-login, in the light and the dark theme: no colour-contrast finding, no serious or critical
//    one. On the chat also with the reply banner and the message menu open, and the sidebar's sheet.
// 2. The keyboard: Tab reaches every control of the chat and of two forms, each with a focus ring it
//    did not have before; at the largest text size and at 200% the chat, screen settings, the memory
//    dashboard and system health do not scroll sideways and the composer and Send stay reachable; at
//    200% no other screen does either; with reduced motion the orb stands still.
// The rules behind these (what the live region announces, the focus ring, the sizes) are unit tests.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { accessibilityFindings } from './support/accessibility';
import { register, submitAccessCode, TEXT } from './support/app';
import { CHAT, expectStatus, messageElements, sendMessage } from './support/chat';
import { watchPageErrors } from './support/page-errors';
import { expectScreenDrawn, SCREEN_PATHS } from './support/routes';
import { ACCESS_CODE, startServer, type KiriServer } from './support/server';

type Theme = 'light' | 'dark';
const PHONE = { width: 390, height: 844 };

let server: KiriServer;
let context: BrowserContext;
let page: Page;

/**
 * The theme follows the system while none is chosen (src/ui/theme-dom.ts), live: the journey clears the
 * choice and switches the system's scheme, so a screen is checked in both themes without a reload.
 * Colours are judged at rest, with reduced motion: the mood orb's endless pulse otherwise keeps
 * headless Chromium (software rendering) repainting, at a few frames a second on a busy machine, and
 * axe's pass over the chat then takes a minute instead of seconds.
 */
async function useTheme(theme: Theme): Promise<void> {
  await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
  await expectTheme(theme);
}

async function expectTheme(theme: Theme): Promise<void> {
  await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
}

/** The app's own navigation (the router follows history), so the app and axe stay loaded. */
async function navigate(path: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL((url) => url.pathname === path);
  await expectScreenDrawn(page, path);
}

test.beforeAll(async ({ browser }) => {
  server = await startServer();
  context = await browser.newContext({ baseURL: server.url, viewport: PHONE });
  page = await context.newPage();
});

test.afterAll(async () => {
  await context?.close();
  await server?.dispose();
});

test('every screen, the login and the chat open states meet WCAG AA on a phone, light and dark', async () => {
  test.setTimeout(600_000);
  const errors = watchPageErrors(page);
  const findings: string[] = [];
  // The whole check in the light theme; in the dark one, the colour rules (the structure is the same).
  const check = async (where: string) => {
    await useTheme('light');
    for (const line of await accessibilityFindings(page)) findings.push(`light ${where}: ${line}`);
    await useTheme('dark');
    for (const line of await accessibilityFindings(page, { colours: true })) {
      findings.push(`dark ${where}: ${line}`);
    }
  };

  await page.goto('/');
  await page.evaluate(() => localStorage.removeItem('kiri-theme'));
  await useTheme('light');
  await submitAccessCode(page, ACCESS_CODE);
  await register(page, 'Mira');
  await expectScreenDrawn(page, '/');
  const id = await sendMessage(page, 'Tell me something nice?');
  await expectStatus(page, id, 'answered');

  for (const path of SCREEN_PATHS) {
    await navigate(path);
    await check(path);
    if (path !== '/') continue;
    // Kiri's last message as the reply target (the banner over the composer), then the owner's
    // message menu open over the page.
    const kiri = messageElements(page, 'kiri').last();
    await kiri.locator('[data-message-text]').click({ button: 'right' });
    await expect(page.getByRole('button', { name: 'Cancel reply', exact: true })).toBeVisible();
    await messageElements(page, 'user')
      .last()
      .locator('[data-message-text]')
      .click({ button: 'right' });
    await expect(page.getByRole('menuitem', { name: CHAT.menu.copy, exact: true })).toBeFocused();
    await check('/ with the reply banner and the message menu');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
    await page.getByRole('button', { name: 'Cancel reply', exact: true }).click();
    // The sidebar, a sheet over the chat on a phone.
    await page.getByRole('button', { name: 'Open sidebar', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Sidebar' })).toBeVisible();
    await check('/ with the sidebar open');
    await page.keyboard.press('Escape');
  }

  // /force-login logs out after 3 s (002 §9): checked at once, then the login screen it leaves.
  await page.goto('/force-login');
  await expect(page.getByRole('heading', { level: 1, name: 'Authentication Issue' })).toBeVisible();
  for (const line of await accessibilityFindings(page)) findings.push(`/force-login: ${line}`);
  const code = page.getByLabel(TEXT.accessCodeLabel, { exact: true });
  await expect(code).toBeVisible();
  await check('login');
  await code.fill('a code');
  await expect(page.getByRole('button', { name: TEXT.loginButton })).toBeEnabled();
  await check('login with a code typed');
  await code.fill(ACCESS_CODE);
  await page.getByRole('button', { name: TEXT.loginButton }).click();
  await expectScreenDrawn(page, '/');

  expect(findings, 'WCAG AA findings').toEqual([]);
  expect(errors, 'console errors or failed requests').toEqual([]);
});

/** The visible controls Tab should stop at: enabled, not hidden, one stop per radio group. */
function tabStops(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selector =
      'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';
    const seenGroups = new Set<string>();
    return Array.from(document.querySelectorAll<HTMLElement>(selector))
      .filter((el) => el.checkVisibility() && el.getBoundingClientRect().width > 0)
      .filter((el) => {
        if (!(el instanceof HTMLInputElement) || el.type !== 'radio') return true;
        if (seenGroups.has(el.name)) return false;
        seenGroups.add(el.name);
        return true;
      })
      .map((el, index) => {
        el.dataset.tabStop ??= `${index}`;
        const group = el instanceof HTMLInputElement && el.type === 'radio' ? el.name : null;
        return group ? `radio:${group}` : el.dataset.tabStop;
      });
  });
}

/**
 * Presses Tab until focus comes round again, and returns the elements reached and those that showed no
 * focus indicator: an outline, box-shadow, border or background they do not have unfocused, on
 * themselves or on one of their two nearest ancestors (a field inside a framed box).
 */
async function tabThrough(page: Page): Promise<{ reached: string[]; unringed: string[] }> {
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; }' });
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const reached: string[] = [];
  const unringed: string[] = [];
  const snapshot = () =>
    page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const looks = (node: Element | null) => {
        if (!node) return '';
        const s = getComputedStyle(node);
        const outline =
          s.outlineStyle === 'none'
            ? 'none'
            : `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor}`;
        return [outline, s.boxShadow, s.borderColor, s.backgroundColor].join('|');
      };
      const chain = [el, el.parentElement, el.parentElement?.parentElement ?? null];
      const focused = chain.map(looks);
      el.blur();
      const unfocused = chain.map(looks);
      el.focus({ focusVisible: true } as FocusOptions);
      const group = el instanceof HTMLInputElement && el.type === 'radio' ? el.name : null;
      const name =
        el.getAttribute('aria-label') ??
        (el as HTMLInputElement).labels?.[0]?.textContent ??
        el.getAttribute('placeholder') ??
        el.textContent?.trim().slice(0, 40) ??
        el.tagName;
      return {
        stop: group ? `radio:${group}` : (el.dataset.tabStop ?? `untracked ${el.tagName}`),
        name: `${el.tagName.toLowerCase()} "${name}"`,
        ringed: focused.some((look, i) => look !== unfocused[i]),
      };
    });
  for (let presses = 0; presses < 80; presses += 1) {
    await page.keyboard.press('Tab');
    const now = await snapshot();
    if (!now) continue;
    if (reached.includes(now.stop)) break;
    reached.push(now.stop);
    if (!now.ringed) unringed.push(now.name);
  }
  return { reached, unringed };
}

async function expectKeyboardReachesEverything(page: Page, where: string): Promise<void> {
  const stops = await tabStops(page);
  const { reached, unringed } = await tabThrough(page);
  expect(unringed, `${where}: controls with no visible focus`).toEqual([]);
  expect(
    stops.filter((stop) => !reached.includes(stop)),
    `${where}: controls Tab does not reach`,
  ).toEqual([]);
}

/** No sideways scrolling of the page itself (a table or a code block may scroll inside its box). */
async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const overflow = await page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return root.scrollWidth - root.clientWidth;
  });
  expect(overflow, `${where}: the page scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(0);
}

test('keyboard, focus, 200% text and reduced motion on a phone', async () => {
  test.setTimeout(180_000);
  const errors = watchPageErrors(page);
  // Logged in by the first test, unless it failed (Playwright then starts this one afresh).
  await page.goto('/');
  const code = page.getByLabel(TEXT.accessCodeLabel, { exact: true });
  const composer = page.getByPlaceholder(CHAT.composerPlaceholder);
  await expect(code.or(composer)).toBeVisible();
  if (await code.isVisible()) {
    await submitAccessCode(page, ACCESS_CODE);
    await register(page, 'Mira');
  }
  await useTheme('light');

  // Keyboard: the chat (with a message typed, so Send is on) and two forms.
  await page.goto('/');
  await expectScreenDrawn(page, '/');
  await page.getByPlaceholder(CHAT.composerPlaceholder).fill('Hello from the keyboard');
  await expectKeyboardReachesEverything(page, 'the chat');
  await page.keyboard.press('Escape');
  for (const path of ['/screen-settings', '/memory-dashboard']) {
    await page.goto(path);
    await expectScreenDrawn(page, path);
    await expectKeyboardReachesEverything(page, path);
  }

  // 200% text (the browser's text zoom on the root) and the app's largest size on a 390 px phone; on
  // the two dashboards once their figures are drawn (the statistics tiles, the store files).
  const figures: Record<string, string> = {
    '/memory-dashboard': 'memory-total',
    '/settings/system-health': 'health-stores',
  };
  for (const size of ['200%', 'extra-large'] as const) {
    for (const path of ['/', '/screen-settings', '/memory-dashboard', '/settings/system-health']) {
      await page.goto(path);
      await expectScreenDrawn(page, path);
      if (figures[path]) await expect(page.getByTestId(figures[path])).toBeVisible();
      if (size === '200%') {
        await page.evaluate(() => (document.documentElement.style.fontSize = '200%'));
      } else {
        await page.evaluate(() => localStorage.setItem('kiri-font-size', 'extra-large'));
        await page.reload();
        await expectScreenDrawn(page, path);
      }
      await expectNoSidewaysScroll(page, `${path} at ${size}`);
      if (path === '/') {
        const composer = page.getByPlaceholder(CHAT.composerPlaceholder);
        await composer.fill('Big letters');
        await expect(composer).toBeInViewport();
        const send = page.getByRole('button', { name: CHAT.send, exact: true });
        await expect(send).toBeInViewport();
        await composer.focus();
        await page.keyboard.press('Tab');
        await expect(send).toBeFocused();
        await composer.fill('');
      }
    }
  }
  await page.evaluate(() => localStorage.removeItem('kiri-font-size'));

  // Every other screen at 200% text, through the app's own navigation (no reload).
  await page.goto('/');
  await expectScreenDrawn(page, '/');
  for (const path of SCREEN_PATHS) {
    await navigate(path);
    await page.evaluate(() => (document.documentElement.style.fontSize = '200%'));
    await expectNoSidewaysScroll(page, `${path} at 200%`);
  }

  // Reduced motion: the mood orb pulses, and stands still when the system asks for less motion.
  const moving = () =>
    page.evaluate(
      () =>
        document
          .getAnimations()
          .filter(
            (animation) =>
              animation.playState === 'running' &&
              animation.effect instanceof KeyframeEffect &&
              animation.effect.target instanceof Element &&
              animation.effect.target.closest('[data-testid="mood-strip"]') !== null,
          ).length,
    );
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await page.goto('/');
  await expect(page.getByTestId('mood-orb')).toBeVisible();
  expect(await moving(), 'the orb pulses with motion allowed').toBeGreaterThan(0);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.reload();
  await expect(page.getByTestId('mood-orb')).toBeVisible();
  expect(await moving(), 'nothing moves in the mood strip under reduced motion').toBe(0);
  await expect(page.getByTestId('mood-orb')).toHaveCSS('animation-name', 'none');

  expect(errors, 'console errors or failed requests').toEqual([]);
});
