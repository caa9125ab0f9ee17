// Whether this page is going away (`pagehide`: a reload, a link followed out of the app, the tab
// closed). The requests the browser cuts off then fail as a lost connection would, yet the device met
// no error: the request helper keeps them out of the error ring (docs/settings-health.md). A page
// brought back from the back/forward cache is shown again (`pageshow`), and its failures count again.
let leaving = false;

if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => {
    leaving = true;
  });
  window.addEventListener('pageshow', () => {
    leaving = false;
  });
}

export const isPageLeaving = (): boolean => leaving;
