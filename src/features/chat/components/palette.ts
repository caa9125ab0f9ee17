// The chat's colours in one place: warm cream and clay, calm in both themes (Tailwind reads these).

export const PAGE = 'bg-[#f8f3ee] text-stone-900 dark:bg-[#161311] dark:text-stone-100';
export const BAR =
  'border-[#eadfd5] bg-[#fcf9f6]/90 backdrop-blur-md dark:border-stone-800/80 dark:bg-[#1d1916]/90';
export const PANEL = 'bg-[#fcf9f6] dark:bg-[#1d1916]';
export const KIRI_BUBBLE =
  'bg-white text-stone-800 shadow-[0_1px_2px_rgba(120,90,60,0.08)] ring-1 ring-[#eee3d9] dark:bg-[#2a2522] dark:text-stone-100 dark:ring-white/5';
export const USER_BUBBLE =
  'bg-[#efd9c8] text-[#3b2a20] shadow-[0_1px_2px_rgba(120,90,60,0.10)] dark:bg-[#5a3b2d] dark:text-[#fbeee6]';
export const ACCENT_BUTTON =
  'bg-[#c4673f] text-white hover:bg-[#b45a34] dark:bg-[#d9805c] dark:text-[#1d1411] dark:hover:bg-[#e4906d]';
export const ACCENT_TEXT = 'text-[#b45a34] dark:text-[#e4906d]';
export const ACCENT_SOFT = 'bg-[#f6e6da] text-[#7a3f24] dark:bg-[#3a2a22] dark:text-[#f3d2c0]';
export const FOCUS_RING =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[#c4673f]';
