// The mobile Safari viewport workaround (spec 000 §9): the chat fills the visual viewport, so the
// keyboard pushes the composer up instead of scrolling the header away, and the home-bar inset is
// dropped while the keyboard is open.
import { useEffect } from 'react';

const KEYBOARD_MIN_PX = 120;

/**
 * The CSS variables for the visual viewport, or null when it is the whole layout viewport: the
 * stylesheet's fallbacks (100dvh, 0px) already say that, and writing them on the root would only make
 * the browser recompute every element's style (on a cold start, just before the first paint).
 */
export function viewportVars(
  viewport: { height: number; offsetTop: number },
  innerHeight: number,
): { height: string; top: string } | null {
  if (viewport.height === innerHeight && viewport.offsetTop === 0) return null;
  return { height: `${viewport.height}px`, top: `${viewport.offsetTop}px` };
}

export function useViewportHeight(): void {
  useEffect(() => {
    const viewport = window.visualViewport;
    if (!viewport) return;
    const root = document.documentElement;
    let written: string | null = null;
    const update = () => {
      const vars = viewportVars(viewport, window.innerHeight);
      const key = vars && `${vars.height} ${vars.top}`;
      if (key !== written) {
        written = key;
        if (vars) {
          root.style.setProperty('--kiri-vv-height', vars.height);
          root.style.setProperty('--kiri-vv-top', vars.top);
        } else {
          root.style.removeProperty('--kiri-vv-height');
          root.style.removeProperty('--kiri-vv-top');
        }
      }
      const keyboard = window.innerHeight - viewport.height > KEYBOARD_MIN_PX;
      if (keyboard) root.dataset.keyboard = 'open';
      else if ('keyboard' in root.dataset) delete root.dataset.keyboard;
    };
    update();
    viewport.addEventListener('resize', update);
    viewport.addEventListener('scroll', update);
    return () => {
      viewport.removeEventListener('resize', update);
      viewport.removeEventListener('scroll', update);
      root.style.removeProperty('--kiri-vv-height');
      root.style.removeProperty('--kiri-vv-top');
      delete root.dataset.keyboard;
    };
  }, []);
}
