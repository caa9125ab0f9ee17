// The mobile Safari viewport workaround (spec 000 §9): the chat fills the visual viewport, so the
// keyboard pushes the composer up instead of scrolling the header away, and the home-bar inset is
// dropped while the keyboard is open.
import { useEffect } from 'react';

const KEYBOARD_MIN_PX = 120;

export function useViewportHeight(): void {
  useEffect(() => {
    const viewport = window.visualViewport;
    if (!viewport) return;
    const root = document.documentElement;
    const update = () => {
      root.style.setProperty('--kiri-vv-height', `${viewport.height}px`);
      root.style.setProperty('--kiri-vv-top', `${viewport.offsetTop}px`);
      const keyboard = window.innerHeight - viewport.height > KEYBOARD_MIN_PX;
      if (keyboard) root.dataset.keyboard = 'open';
      else delete root.dataset.keyboard;
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
