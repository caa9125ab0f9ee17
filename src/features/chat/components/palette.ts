// The chat's colours in one place, over the app's palette tokens (src/index.css): warm cream and clay,
// calm in both themes, with the one accent every screen uses (Tailwind reads these).

export const PAGE = 'bg-page text-stone-900 dark:text-stone-100';
export const BAR = 'border-line bg-panel/90 backdrop-blur-md';
export const PANEL = 'bg-panel';
export const KIRI_BUBBLE =
  'bg-white text-stone-800 shadow-[0_1px_2px_rgba(120,90,60,0.08)] ring-1 ring-[#eee3d9] dark:bg-[#2a2522] dark:text-stone-100 dark:ring-white/5';
export const USER_BUBBLE =
  'bg-[#efd9c8] text-[#3b2a20] shadow-[0_1px_2px_rgba(120,90,60,0.10)] dark:bg-[#5a3b2d] dark:text-[#fbeee6]';
export const ACCENT_BUTTON = 'bg-accent text-on-accent hover:bg-accent-hover';
export const ACCENT_TEXT = 'text-accent';
export const ACCENT_SOFT = 'bg-accent-soft text-on-accent-soft';
export const FOCUS_RING =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent';
/** Secondary text (times, labels, notes): AA on the page and the panel in both themes. */
export const MUTED_TEXT = 'text-muted';

// The chat's frame and bubbles, shared by the React screen and the opening snapshot
// (snapshot/paint.ts), so that the snapshot has the screen's geometry and the swap does not move.
export const HEADER_FRAME = 'z-20 border-b pt-[env(safe-area-inset-top)]';
export const SIDEBAR_FRAME = 'shrink-0 border-r border-line';
export const FOOTER_FRAME =
  'px-3 pt-2 pr-[max(env(safe-area-inset-right),0.75rem)] pb-[max(env(safe-area-inset-bottom),0.75rem)] pl-[max(env(safe-area-inset-left),0.75rem)]';
export const COMPOSER_FRAME =
  'mx-auto flex w-full max-w-3xl items-end gap-2 rounded-[26px] border border-[#e7dbd0] bg-white py-1.5 pr-1.5 pl-4 shadow-[0_2px_8px_rgba(120,90,60,0.06)] transition-shadow focus-within:border-accent-line focus-within:shadow-[0_2px_12px_rgba(120,90,60,0.12)] dark:border-stone-700/80 dark:bg-[#221e1b]';
export const ROW_GUTTER = 'px-3 sm:px-6';
export const ROW_INNER = 'mx-auto max-w-3xl';
/** kiri-bubble-column and kiri-bubble: hooks for the dyslexia-friendly mode's rules (src/index.css). */
export const BUBBLE_COLUMN = 'kiri-bubble-column flex max-w-[82%] min-w-0 flex-col sm:max-w-[70%]';
export const BUBBLE_SHAPE =
  'kiri-bubble rounded-[20px] px-3.5 py-2 text-bubble leading-relaxed wrap-anywhere whitespace-pre-wrap';
export const MESSAGE_TIME = 'mt-1 px-1 text-tiny text-muted';
