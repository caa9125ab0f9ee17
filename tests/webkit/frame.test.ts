// The frame (issue 14) in the iPhone's engine (WebKitGTK 2.50): a font size and a wallpaper chosen at
// /screen-settings are on the page before the app's code runs after a reload (read at the
// document's DOMContentLoaded, as tests/e2e/screen-settings.spec.ts reads it), so nothing flashes in
// Safari either; and the settings sidebar's search finds 'Screen' and says 'No results found' for
// nonsense. WebDriver has no init script: the first paint is read from a fresh document of the app
// opened in a new window by the page, hooked while it is still loading.
import { expect, test } from 'vitest';
import { webkitSession } from './support/session';
import { openChat } from './support/kiri';
import { xpathLiteral } from './support/webkit';

const session = webkitSession();

const label = (text: string) => `//label[contains(normalize-space(), ${xpathLiteral(text)})]`;
const radioOf = (text: string) => `${label(text)}//input[@type='radio']`;
const SIDEBAR = 'nav[aria-label="Settings sidebar"]';

interface FirstPaint {
  rootFontSize: string;
  background: string;
  dark: boolean;
  appMounted: boolean;
}

/**
 * Opens `path` in a new window of the page (Kiri refuses to be framed: frame-ancestors 'none') and
 * reports what its document looked like at DOMContentLoaded, then closes it. WebKit opens a window
 * only from a user's gesture: the page gets a button that WebDriver clicks.
 */
async function firstPaint(path: string): Promise<FirstPaint | 'missed'> {
  const page = session.page;
  await page.evaluate(
    `window.__firstPaint = undefined;
     const old = document.getElementById('first-paint-probe');
     if (old) old.remove();
     const button = document.createElement('button');
     button.id = 'first-paint-probe';
     button.textContent = 'probe';
     button.style.cssText = 'position:fixed;left:0;top:0;z-index:2147483647;width:80px;height:40px';
     const path = arguments[0];
     button.addEventListener('click', () => {
       const popup = window.open(path, 'first-paint');
       if (!popup) { window.__firstPaint = 'refused'; return; }
       const finish = (value) => { clearInterval(poll); if (window.__firstPaint === undefined) window.__firstPaint = value; setTimeout(() => popup.close(), 0); };
       // The window's document is replaced when its navigation commits: poll for the new one.
       const poll = setInterval(() => {
         let doc;
         try { doc = popup.document; } catch (e) { return; }
         if (!doc || doc.URL === 'about:blank' || doc.URL === '') return;
         clearInterval(poll);
         // 'interactive' is before the app's module scripts run and DOMContentLoaded fires; if it
         // fired before the hook, the window's load comes first and the reading is missed.
         if (doc.readyState === 'complete') return finish('missed');
         popup.addEventListener('load', () => { if (window.__firstPaint === undefined) finish('missed'); });
         doc.addEventListener('DOMContentLoaded', () => {
           finish({
             rootFontSize: popup.getComputedStyle(doc.documentElement).fontSize,
             background: popup.getComputedStyle(doc.body).backgroundColor,
             dark: doc.documentElement.classList.contains('dark'),
             appMounted: doc.querySelector('textarea') !== null,
           });
         });
       }, 0);
     });
     document.body.appendChild(button);`,
    path,
  );
  await page.click('#first-paint-probe');
  const seen = await page.waitFor(
    () =>
      page.evaluate<FirstPaint | 'missed' | 'refused' | null>(
        'return window.__firstPaint || null;',
      ),
    { timeout: 20_000, message: `the new window of ${path} to load` },
  );
  await page.evaluate("document.getElementById('first-paint-probe').remove();");
  if (seen === 'refused') throw new Error('window.open was refused');
  return seen;
}

async function firstPaintOf(path: string): Promise<FirstPaint> {
  return session.page.waitFor(
    async () => {
      const seen = await firstPaint(path);
      return seen === 'missed' ? null : seen;
    },
    {
      timeout: 45_000,
      message: `the first paint of ${path} (the new window's document was parsed before it could be hooked)`,
    },
  );
}

const rootFontSize = () =>
  session.page.evaluate<string>('return getComputedStyle(document.documentElement).fontSize;');

test("'Extra Large' and a wallpaper chosen at /screen-settings are on the page before the app runs, after a reload", async () => {
  const page = session.page;
  await openChat(page, 'Mira');
  await page.goto('/screen-settings');
  await page.waitForText('Screen Settings');
  expect(await rootFontSize()).toBe('16px');

  await page.click(label('Extra Large (18px)'));
  await page.click(label('Deep Blue'));
  await page.waitFor(async () => (await rootFontSize()) !== '16px', {
    message: 'the font size to apply',
  });
  await page.waitFor(
    async () =>
      (await page.evaluate<string>('return getComputedStyle(document.body).backgroundColor;')) ===
      'rgb(15, 20, 25)',
    { message: 'the page to turn deep blue' },
  );

  await page.reload();
  await page.waitForText('Screen Settings');
  expect(await page.driver.findElement({ xpath: radioOf('Extra Large (18px)') }).isSelected()).toBe(
    true,
  );
  expect(await page.driver.findElement({ xpath: radioOf('Deep Blue') }).isSelected()).toBe(true);

  for (const path of ['/', '/screen-settings']) {
    const first = await firstPaintOf(path);
    // 18 px text over the 14 px standard: a root of 16 × 18 / 14 px, written as Chromium writes it.
    expect(first, path).toEqual({
      rootFontSize: '20.5714px',
      background: 'rgb(15, 20, 25)',
      dark: true,
      appMounted: false,
    });
  }
});

test("the settings sidebar's search finds 'Screen' and says 'No results found' for nonsense", async () => {
  const page = session.page;
  await page.goto('/');
  await page.click('button[aria-label="Open settings"]');
  await page.waitForVisible(SIDEBAR, { message: 'the settings sidebar' });
  const links = () => page.visible(`${SIDEBAR} a`);
  const status = async () =>
    (await page.driver.findElement({ css: `${SIDEBAR} [role="status"]` }).getText()).trim();

  await page.fill(`${SIDEBAR} input[type="search"]`, 'Screen');
  await page.waitFor(async () => (await status()) === '1 result', { message: "'1 result'" });
  const found = await links();
  expect(found).toHaveLength(1);
  expect(await page.evaluate<string>('return arguments[0].textContent;', found[0])).toContain(
    'Screen Settings',
  );

  await page.fill(`${SIDEBAR} input[type="search"]`, 'zzqx-nothing-like-this');
  await page.waitFor(async () => (await status()) === 'No results found', {
    message: "'No results found'",
  });
  expect(await links()).toHaveLength(0);
});
