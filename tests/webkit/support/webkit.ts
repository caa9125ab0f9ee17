// The WebKit runner: Debian's WebKit driven through the W3C WebDriver protocol (selenium-webdriver).
// Two engines: WebKitGTK 2.50 (MiniBrowser, which has no headless mode, so it runs in an Xvfb display
// of its own) and WPE WebKit 2.38 (cog, truly headless; a Safari 16.0-era engine). Each launch starts
// its own driver process on a free loopback port, and Xvfb where needed; `close()` stops them all.
// The page object speaks the same vocabulary as Playwright's where it can (goto, reload, evaluate,
// click, fill), and waits for states by polling, never for fixed delays.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Builder, By, Key, type WebDriver, type WebElement } from 'selenium-webdriver';
import { BROWSER_GONE } from '../../../scripts/webkit-rerun';
import { freePort, HOST, ROOT } from '../../e2e/support/server';

// What a failure says when the browser itself is gone: the rerun of crashed files looks for it.
export { BROWSER_GONE };

export type WebKitEngine = 'webkitgtk' | 'wpe';

const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

interface EngineSetup {
  /** What the engine is called in messages. */
  readonly label: string;
  readonly driver: string;
  readonly binary: string;
  readonly needsDisplay: boolean;
  /** The Debian packages that provide it, for the message when something is missing. */
  readonly packages: string;
  readonly capabilities: Record<string, unknown>;
}

const ENGINES: Record<WebKitEngine, EngineSetup> = {
  webkitgtk: {
    label: 'WebKitGTK (MiniBrowser)',
    driver: '/usr/bin/WebKitWebDriver',
    binary: MINIBROWSER,
    needsDisplay: true,
    packages: 'webkit2gtk-driver xvfb',
    capabilities: {
      browserName: 'MiniBrowser',
      'webkitgtk:browserOptions': {
        binary: MINIBROWSER,
        // iOS Safari has these on; WebKitGTK's defaults have them off (docs/webkit.md).
        args: ['--automation', '--features=StorageAPI,StorageAPIEstimate,PushAPI'],
      },
    },
  },
  wpe: {
    label: 'WPE WebKit 2.38 (cog)',
    driver: '/usr/bin/WPEWebDriver',
    binary: '/usr/bin/cog',
    needsDisplay: false,
    packages: 'wpewebkit-driver cog',
    capabilities: {
      browserName: 'cog',
      'wpe:browserOptions': {
        binary: '/usr/bin/cog',
        args: ['--automation', '--platform=headless'],
      },
    },
  },
};

export interface LaunchOptions {
  /** Where relative paths of `goto` point (the test server's URL). */
  baseURL: string;
  /** How long the browser may take to start a session before the launch fails. */
  sessionTimeoutMs?: number;
  /**
   * The X display for MiniBrowser. By default a fresh Xvfb is started for this launch; `null` starts
   * none and leaves DISPLAY unset (what a machine without Xvfb looks like).
   */
  display?: string | null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function stopProcess(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    // Each helper process runs in its own group: the driver takes the browser's processes with it.
    process.kill(-child.pid!, 'SIGKILL');
  } catch {
    child.kill('SIGKILL');
  }
  return exited;
}

const live = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of live) {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
  }
});

function spawnGroup(command: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(command, args, {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
    env,
  });
  live.add(child);
  child.once('exit', () => live.delete(child));
  return child;
}

/** Starts Xvfb on a display it picks itself (-displayfd), so parallel runs never collide. */
async function startXvfb(): Promise<{
  display: string;
  process: ChildProcess;
  output: () => string;
}> {
  if (!existsSync('/usr/bin/Xvfb')) {
    throw new Error('Xvfb is missing: apt-get install -y xvfb (MiniBrowser has no headless mode).');
  }
  const xvfb = spawnGroup(
    '/usr/bin/Xvfb',
    ['-displayfd', '3', '-screen', '0', '1280x800x24', '-nolisten', 'tcp'],
    process.env,
  );
  // Read, so that a full pipe never stops the display; kept, for a browser that dies with it.
  let said = '';
  xvfb.stderr?.on('data', (chunk: Buffer) => (said = (said + chunk.toString()).slice(-4000)));
  xvfb.stdout?.on('data', (chunk: Buffer) => (said = (said + chunk.toString()).slice(-4000)));
  xvfb.once('exit', (code, signal) => (said += `\n(Xvfb exited: code ${code}, signal ${signal})`));
  const display = await new Promise<string>((resolve, reject) => {
    let written = '';
    const timer = setTimeout(() => reject(new Error('Xvfb did not start within 10 s')), 10_000);
    xvfb.stdio[3]!.on('data', (chunk: Buffer) => {
      written += chunk.toString();
      if (written.includes('\n')) {
        clearTimeout(timer);
        resolve(`:${written.trim()}`);
      }
    });
    xvfb.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Xvfb exited during start (code ${code})`));
    });
  });
  return { display, process: xvfb, output: () => said };
}

async function startDriver(
  setup: EngineSetup,
  display: string | null,
): Promise<{ url: string; process: ChildProcess; output: () => string }> {
  const port = await freePort();
  const env = { ...process.env };
  // A phone always has a language; a machine in the C locale makes WebKit's navigator.language 'C',
  // which Intl refuses as a language tag (uPlot formats numbers with it as it loads, issue 20).
  const unnamed = (locale: string | undefined) => !locale || /^(C|POSIX)(\.|$)/.test(locale);
  if (unnamed(env.LANG)) env.LANG = 'en_US.UTF-8';
  if (env.LC_ALL !== undefined && unnamed(env.LC_ALL)) delete env.LC_ALL;
  if (display === null) delete env.DISPLAY;
  else env.DISPLAY = display;
  const driver = spawnGroup(setup.driver, [`--port=${port}`, `--host=${HOST}`], env);
  let output = '';
  driver.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  driver.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://${HOST}:${port}`;
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (driver.exitCode !== null) {
      throw new Error(`${setup.driver} exited during start (code ${driver.exitCode}):\n${output}`);
    }
    try {
      const response = await fetch(`${url}/status`, { signal: AbortSignal.timeout(1000) });
      if (response.ok) return { url, process: driver, output: () => output };
    } catch {
      // not listening yet
    }
    await sleep(50);
  }
  await stopProcess(driver);
  throw new Error(`${setup.driver} did not answer GET /status within 10 s:\n${output}`);
}

/**
 * Opens a fresh browser of `engine` (a new profile: no cookies, storage or worker) and returns its
 * page. Session creation is timed out: MiniBrowser without a display hangs without a word.
 */
export async function launchWebKit(
  engine: WebKitEngine,
  options: LaunchOptions,
): Promise<WebKitPage> {
  const setup = ENGINES[engine];
  for (const path of [setup.driver, setup.binary]) {
    if (!existsSync(path)) {
      throw new Error(
        `${setup.label} is not installed (${path} is missing): apt-get install -y ${setup.packages}`,
      );
    }
  }
  const helpers: ChildProcess[] = [];
  try {
    let display: string | null = null;
    let displayOutput = () => '';
    if (setup.needsDisplay) {
      if (options.display === undefined) {
        const xvfb = await startXvfb();
        helpers.push(xvfb.process);
        display = xvfb.display;
        displayOutput = xvfb.output;
      } else {
        display = options.display;
      }
    }
    const driver = await startDriver(setup, display);
    helpers.push(driver.process);

    const timeoutMs = options.sessionTimeoutMs ?? 30_000;
    const session = new Builder()
      .usingServer(driver.url)
      .withCapabilities(setup.capabilities)
      .build();
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const where = setup.needsDisplay
          ? ` MiniBrowser has no headless mode and needs an X display (DISPLAY=${display ?? 'unset'}): is Xvfb running?`
          : '';
        reject(
          new Error(
            `${setup.label} did not start a WebDriver session within ${timeoutMs / 1000} s.${where}\n${driver.output()}`,
          ),
        );
      }, timeoutMs);
    });
    // A session that comes after the timeout is left to the driver's kill below.
    session.catch(() => undefined);
    let webDriver: WebDriver;
    try {
      webDriver = await Promise.race([session, timedOut]);
    } finally {
      clearTimeout(timer);
    }
    return new WebKitPage(webDriver, options.baseURL, engine, {
      stop: async () => {
        await Promise.all(helpers.map(stopProcess));
      },
      output: () => {
        const fromDisplay = displayOutput();
        return fromDisplay ? `${driver.output()}\nXvfb: ${fromDisplay}` : driver.output();
      },
      driverPid: driver.process.pid!,
    });
  } catch (error) {
    await Promise.all(helpers.map(stopProcess));
    throw error;
  }
}

/** Options of a wait: how long, and what the failure message says was awaited. */
export interface WaitOptions {
  timeout?: number;
  /** What was awaited; a function is asked at the failure (to say what was seen last). */
  message?: string | (() => string);
}

export const DEFAULT_TIMEOUT = 15_000;

/**
 * Whether `error` says the WebDriver session ended under the test: the browser's process exited or
 * crashed ('session deleted because of page crash or hang' for the first command after it, then an
 * empty 'invalid session id' for every one after that). A hung page is not this: it times out.
 */
function isSessionGone(error: unknown): boolean {
  return error instanceof Error && error.name === 'NoSuchSessionError';
}

/** A selector: CSS by default, or XPath when it starts with '/' or '('. */
function locate(selector: string): By {
  return selector.startsWith('/') || selector.startsWith('(')
    ? By.xpath(selector)
    : By.css(selector);
}

/** An XPath string literal for any text (quotes included). */
export function xpathLiteral(text: string): string {
  if (!text.includes("'")) return `'${text}'`;
  if (!text.includes('"')) return `"${text}"`;
  return `concat(${text
    .split("'")
    .map((part) => `'${part}'`)
    .join(`, "'", `)})`;
}

export class WebKitPage {
  constructor(
    readonly driver: WebDriver,
    readonly baseURL: string,
    readonly engine: WebKitEngine,
    private readonly helpers: {
      /** Stops the driver (and with it the browser) and the display. */
      stop: () => Promise<void>;
      /** What the driver, the browser it started and the display printed. */
      output: () => string;
      /** The driver's process: the browser is its child. */
      driverPid: number;
    },
  ) {}

  /** The driver's process id: the browser's processes are its children. */
  get driverPid(): number {
    return this.helpers.driverPid;
  }

  /** The last of what the driver and the browser it started printed (a crash says why there). */
  output(maxChars = 6000): string {
    const all = this.helpers.output();
    return all.length > maxChars ? `…${all.slice(-maxChars)}` : all;
  }

  /** The error for a session that ended under the test, with what the browser printed last. */
  private goneError(cause: unknown): Error {
    const said = cause instanceof Error && cause.message ? ` ('${cause.message}')` : '';
    return new Error(
      `${this.engine}: ${BROWSER_GONE}: its WebDriver session ended${said}, so the browser exited or crashed. What the driver and the browser printed last:\n${this.output() || '(nothing)'}`,
    );
  }

  url(path = '/'): string {
    return new URL(path, this.baseURL).toString();
  }

  async goto(path = '/'): Promise<void> {
    await this.driver.get(this.url(path));
  }

  async reload(): Promise<void> {
    await this.driver.navigate().refresh();
  }

  /** Runs `body` (a function body; `arguments` holds the args) in the page and returns its value. */
  evaluate<T>(body: string, ...args: unknown[]): Promise<T> {
    return this.driver.executeScript<T>(body, ...args);
  }

  /**
   * Runs an async function body in the page: `body` may await, and its returned value (JSON-able)
   * comes back. A rejection becomes an error here.
   */
  async evaluateAsync<T>(body: string, ...args: unknown[]): Promise<T> {
    const result = await this.driver.executeAsyncScript<{ ok: boolean; value?: T; error?: string }>(
      `const done = arguments[arguments.length - 1];
       const args = Array.prototype.slice.call(arguments, 0, -1);
       (async function () { ${body} }).apply(null, args).then(
         (value) => done({ ok: true, value }),
         // WebKit's stack holds only the frames ('RegExp@[native code]'), not the message: send both.
         (error) => done({ ok: false, error: String(error) + (error && error.stack ? "\\n" + error.stack : "") }),
       );`,
      ...args,
    );
    if (!result.ok) throw new Error(`in the page: ${result.error}`);
    return result.value as T;
  }

  /**
   * Polls `probe` until it returns something other than false, null or undefined, and returns that.
   * A probe that throws counts as not yet (the page may be navigating).
   */
  async waitFor<T>(
    probe: () => Promise<T | false | null | undefined>,
    { timeout = DEFAULT_TIMEOUT, message = 'a state of the page' }: WaitOptions = {},
  ): Promise<T> {
    const deadline = Date.now() + timeout;
    let lastError: unknown;
    for (;;) {
      try {
        const value = await probe();
        if (value !== false && value !== null && value !== undefined) return value;
      } catch (error) {
        // Waiting longer cannot bring a gone browser back: say so now, with its last words.
        if (isSessionGone(error)) throw this.goneError(error);
        lastError = error;
      }
      if (Date.now() > deadline) {
        const cause = lastError instanceof Error ? ` (last error: ${lastError.message})` : '';
        const awaited = typeof message === 'function' ? message() : message;
        throw new Error(
          `${this.engine}: timed out after ${timeout} ms waiting for ${awaited}${cause}`,
        );
      }
      await sleep(100);
    }
  }

  /** The visible elements that match, in document order. */
  async visible(selector: string): Promise<WebElement[]> {
    const found = await this.driver.findElements(locate(selector));
    const shown: WebElement[] = [];
    for (const element of found) {
      try {
        if (await element.isDisplayed()) shown.push(element);
      } catch {
        // gone since it was found
      }
    }
    return shown;
  }

  /** Waits for the first visible element that matches. */
  waitForVisible(selector: string, options: WaitOptions = {}): Promise<WebElement> {
    return this.waitFor(async () => (await this.visible(selector))[0], {
      message: `${selector} to be visible`,
      ...options,
    });
  }

  /**
   * Waits until the first visible element that matches `selector` reads `pattern`, its white space
   * collapsed as a person reads it (a value that wraps at a narrow width comes back from WebDriver with a
   * line break between its words), and returns that text. A timeout says what the element read last.
   */
  async waitForTextMatching(
    selector: string,
    pattern: RegExp,
    options: WaitOptions = {},
  ): Promise<string> {
    let last = '(not visible)';
    return this.waitFor(
      async () => {
        const element = (await this.visible(selector))[0];
        if (!element) return null;
        last = (await element.getText()).replace(/\s+/g, ' ').trim();
        return pattern.test(last) ? last : null;
      },
      { message: () => `${selector} to read ${pattern}; it read "${last}"`, ...options },
    );
  }

  /** Waits until nothing visible matches. */
  async waitForHidden(selector: string, options: WaitOptions = {}): Promise<void> {
    await this.waitFor(async () => (await this.visible(selector)).length === 0, {
      message: `${selector} to be hidden`,
      ...options,
    });
  }

  private async scrollToMiddle(element: WebElement): Promise<void> {
    await this.driver.executeScript(
      "arguments[0].scrollIntoView({ block: 'center', inline: 'nearest' });",
      element,
    );
  }

  async click(selector: string, options: WaitOptions = {}): Promise<void> {
    const element = await this.waitForVisible(selector, options);
    // WebKit's WebDriver scrolls a clicked element only just into view, where a screen's sticky header
    // can cover it (ElementClickIntercepted). A person scrolls what they tap to where they can see it.
    await this.scrollToMiddle(element);
    await element.click();
  }

  async rightClick(selector: string, options: WaitOptions = {}): Promise<void> {
    const element = await this.waitForVisible(selector, options);
    // Pointer actions, unlike an element click, do not scroll the element into view themselves.
    await this.scrollToMiddle(element);
    await this.driver.actions({ async: true }).contextClick(element).perform();
  }

  /** Replaces the text of a field, typed key by key as a person would. */
  async fill(selector: string, text: string, options: WaitOptions = {}): Promise<void> {
    const element = await this.waitForVisible(selector, options);
    await element.clear();
    await element.sendKeys(text);
  }

  async press(key: 'ESCAPE' | 'ENTER' | 'TAB'): Promise<void> {
    await this.driver.actions({ async: true }).sendKeys(Key[key]).perform();
  }

  /** The page's visible text. */
  async text(): Promise<string> {
    return this.evaluate<string>('return document.body ? document.body.innerText : "";');
  }

  /** Waits until the page shows `text` (an exact text node match, trimmed) in a visible element. */
  waitForText(text: string, options: WaitOptions = {}): Promise<WebElement> {
    return this.waitForVisible(`//*[normalize-space(text())=${xpathLiteral(text)}]`, {
      message: `the text "${text}"`,
      ...options,
    });
  }

  /** The page's path, e.g. '/'. */
  async pathname(): Promise<string> {
    return new URL(await this.driver.getCurrentUrl()).pathname;
  }

  /** The session cookie header of this browser, for the test's own calls to the server. */
  async cookieHeader(): Promise<string> {
    const cookies = await this.driver.manage().getCookies();
    return cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
  }

  /** Saves a screenshot under test-results/webkit/ (on a failure, to see what the engine showed). */
  async screenshot(name: string): Promise<string | null> {
    try {
      const dir = join(ROOT, 'test-results', 'webkit');
      mkdirSync(dir, { recursive: true });
      const path = join(dir, `${name.replace(/[^a-z0-9-]+/gi, '-').slice(0, 80)}.png`);
      writeFileSync(path, await this.driver.takeScreenshot(), 'base64');
      return path;
    } catch {
      return null;
    }
  }

  async close(): Promise<void> {
    try {
      await Promise.race([this.driver.quit(), sleep(10_000)]);
    } catch {
      // the browser is gone already; the helpers are stopped below either way
    } finally {
      await this.helpers.stop();
    }
  }
}
