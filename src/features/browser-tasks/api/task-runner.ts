// Opens browser tasks (spec 000 §2.2, §7, §9): after the source's delay, a new tab on a desktop, the
// browser overlay on a phone. The overlay's state is a tiny store the host component renders.
import { uuidv7 } from '@/domain/uuidv7';
import {
  browserTaskDelayMs,
  searchPageUrl,
  typedAddressUrl,
  type BrowserTaskSource,
} from '../model/browser-intent';
import type { BrowserTask, BrowserTaskView } from '../model/task-tabs';
import { loadTaskTabs } from './task-tabs-module';

/** Spec 000 §9: the mobile breakpoint (width 768px or less); wider is a desktop. */
export const MOBILE_QUERY = '(max-width: 768px)';

export function isDesktop(): boolean {
  return typeof matchMedia === 'function' && !matchMedia(MOBILE_QUERY).matches;
}

export interface OverlayState {
  task: BrowserTask;
  view: BrowserTaskView;
  /** A pop-up was refused on a desktop: the overlay shows the page instead, and says why. */
  popupBlocked: boolean;
}

let overlay: OverlayState | null = null;
let recent: readonly BrowserTask[] = [];
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function subscribeOverlay(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const getOverlay = (): OverlayState | null => overlay;
export const getRecentTasks = (): readonly BrowserTask[] => recent;

export function setOverlayView(view: BrowserTaskView): void {
  if (!overlay) return;
  overlay = { ...overlay, view };
  emit();
}

export async function closeOverlay(now = Date.now()): Promise<void> {
  const current = overlay;
  if (!current) return;
  overlay = null;
  emit();
  recent = (await loadTaskTabs()).close(current.task.id, now);
  emit();
}

/**
 * A new tab without access back to the app. Not the 'noopener' feature: with it window.open answers
 * null whether or not the tab opened, and a refused pop-up must be told apart (000 §8). The opener is
 * cut before the page can load.
 */
function openTab(url: string): boolean {
  const tab = window.open(url, '_blank');
  if (!tab) return false;
  try {
    tab.opener = null;
  } catch {
    // Already gone cross-origin: it has no way back either.
  }
  return true;
}

export type OpenOutcome = 'tab' | 'overlay' | 'failed';

export interface OpenTaskInput {
  url: string;
  source: BrowserTaskSource;
  desktop?: boolean;
  /** Waits the source's delay; tests pass one that resolves at once. */
  wait?: (ms: number) => Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Opens a page after its source's delay. On a desktop a new tab; a refused pop-up is 'failed' from
 * the menu (which says so in the spec's words) and the overlay otherwise (Kiri's reply and the bubble
 * still show the page). On a phone the overlay.
 */
export async function openBrowserTask({
  url,
  source,
  desktop = isDesktop(),
  wait = sleep,
}: OpenTaskInput): Promise<OpenOutcome> {
  await wait(browserTaskDelayMs(source, desktop));
  const opened = desktop && openTab(url);
  if (desktop && !opened && source === 'menu') return 'failed';
  const shownIn = opened ? 'tab' : 'overlay';
  const task = { id: uuidv7(), url, source, openedAt: Date.now(), shownIn } as const;
  const tabs = await loadTaskTabs();
  if (shownIn === 'overlay') {
    // One overlay: the page it showed before is closed by the new one.
    if (overlay) tabs.close(overlay.task.id, task.openedAt);
    overlay = { task: { ...task, closedAt: null }, view: 'normal', popupBlocked: desktop };
    emit();
  }
  recent = tabs.open(task);
  emit();
  return shownIn;
}

/** The menu's Open Browser Tab: the prompt's text (blank is a search page), 2 s later. */
export async function openTypedAddress(typed: string): Promise<boolean> {
  const outcome = await openBrowserTask({ url: typedAddressUrl(typed), source: 'menu' });
  return outcome !== 'failed';
}

/** The bubble: a search page, 0.5 s later. */
export function openFromBubble(): Promise<OpenOutcome> {
  return openBrowserTask({ url: searchPageUrl(), source: 'bubble' });
}
