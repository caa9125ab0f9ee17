// Whether Kiri runs as a Home Screen app. No browser event says so in Safari (no beforeinstallprompt,
// no appinstalled): the display mode says it, and iOS's older navigator.standalone.

export function isHomeScreenApp(): boolean {
  if (typeof window === 'undefined') return false;
  if ((navigator as { standalone?: boolean }).standalone === true) return true;
  return typeof window.matchMedia === 'function'
    ? window.matchMedia('(display-mode: standalone)').matches
    : false;
}
