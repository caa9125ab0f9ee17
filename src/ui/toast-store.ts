// The toast queue (spec 000 §4): at most one toast; a new one replaces the previous. Plain state and a
// reducer, with a tiny store that `toast()` writes to from anywhere (hooks, mutations, plain code).

export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
/** How long a dismissed toast stays in the state (spec value; the limit replaces it long before). */
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title?: string;
  description?: string;
  variant?: ToastVariant;
  /** Overrides the default 5 s. */
  duration?: number;
}

export interface ToastItem extends ToastInput {
  id: string;
  open: boolean;
}

export type ToastAction =
  | { type: 'add'; toast: ToastItem }
  | { type: 'dismiss'; id?: string }
  | { type: 'remove'; id?: string };

export function toastReducer(state: readonly ToastItem[], action: ToastAction): ToastItem[] {
  switch (action.type) {
    case 'add':
      return [action.toast, ...state].slice(0, TOAST_LIMIT);
    case 'dismiss':
      return state.map((t) =>
        action.id === undefined || t.id === action.id ? { ...t, open: false } : t,
      );
    case 'remove':
      return action.id === undefined ? [] : state.filter((t) => t.id !== action.id);
  }
}

type Listener = (toasts: readonly ToastItem[]) => void;

let toasts: readonly ToastItem[] = [];
const listeners = new Set<Listener>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function dispatch(action: ToastAction) {
  toasts = toastReducer(toasts, action);
  for (const listener of listeners) listener(toasts);
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getToasts(): readonly ToastItem[] {
  return toasts;
}

export function dismissToast(id?: string): void {
  dispatch({ type: 'dismiss', id });
  for (const t of toasts) {
    if ((id === undefined || t.id === id) && !removalTimers.has(t.id)) {
      const timer = setTimeout(() => {
        removalTimers.delete(t.id);
        dispatch({ type: 'remove', id: t.id });
      }, TOAST_REMOVE_DELAY_MS);
      removalTimers.set(t.id, timer);
    }
  }
}

/** Shows a toast, replacing the one on screen. */
export function toast(input: ToastInput): { id: string; dismiss: () => void } {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = `toast-${counter}`;
  for (const [key, timer] of removalTimers) {
    clearTimeout(timer);
    removalTimers.delete(key);
  }
  dispatch({ type: 'add', toast: { variant: 'default', ...input, id, open: true } });
  return { id, dismiss: () => dismissToast(id) };
}

/** For tests: forget every toast. */
export function resetToasts(): void {
  for (const timer of removalTimers.values()) clearTimeout(timer);
  removalTimers.clear();
  dispatch({ type: 'remove' });
}
