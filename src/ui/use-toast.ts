// Hook over the toast store: the current toasts plus toast() and dismiss().
import { useSyncExternalStore } from 'react';
import { dismissToast, getToasts, subscribeToasts, toast } from './toast-store';

export { toast } from './toast-store';

export function useToast() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  return { toasts, toast, dismiss: dismissToast };
}
