// The browser bubble's stored setting (000 §3.10): off unless turned on, applied at once, kept in the
// device's local storage across a reload.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import BrowserBubbleSettingsScreen from '@/features/browser-tasks/components/BrowserBubbleSettingsScreen';
import { useBubbleSetting } from '@/features/browser-tasks/hooks/useBubbleSetting';
import {
  BROWSER_BUBBLE_KEY,
  bubbleEnabledFrom,
} from '@/features/browser-tasks/model/bubble-setting';

beforeEach(() => localStorage.clear());
afterEach(cleanup);

function BubbleProbe() {
  const [enabled] = useBubbleSetting();
  return <p data-testid="probe">{enabled ? 'bubble on' : 'bubble off'}</p>;
}

describe('bubbleEnabledFrom (the bubble shows only when the stored flag says so)', () => {
  it('is off when nothing is stored or the value is not true', () => {
    expect(bubbleEnabledFrom(null)).toBe(false);
    expect(bubbleEnabledFrom('yes')).toBe(false);
    expect(bubbleEnabledFrom('false')).toBe(false);
    expect(bubbleEnabledFrom('true')).toBe(true);
  });
});

describe('/browser-bubble-settings', () => {
  it('the switch applies at once and is kept in local storage', () => {
    render(
      <>
        <BrowserBubbleSettingsScreen />
        <BubbleProbe />
      </>,
    );
    const toggle = screen.getByRole('switch', { name: 'Floating browser bubble' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByTestId('probe').textContent).toBe('bubble off');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect(screen.getByTestId('probe').textContent).toBe('bubble on');
    expect(localStorage.getItem(BROWSER_BUBBLE_KEY)).toBe('true');
    fireEvent.click(toggle);
    expect(localStorage.getItem(BROWSER_BUBBLE_KEY)).toBe('false');
    expect(screen.getByTestId('probe').textContent).toBe('bubble off');
  });

  it('reads the stored flag when it opens (a reload)', () => {
    localStorage.setItem(BROWSER_BUBBLE_KEY, 'true');
    render(<BrowserBubbleSettingsScreen />);
    expect(screen.getByRole('switch').getAttribute('aria-checked')).toBe('true');
  });

  it("follows a change made on the app's other open page", () => {
    render(<BubbleProbe />);
    act(() => {
      localStorage.setItem(BROWSER_BUBBLE_KEY, 'true');
      window.dispatchEvent(new StorageEvent('storage', { key: BROWSER_BUBBLE_KEY }));
    });
    expect(screen.getByTestId('probe').textContent).toBe('bubble on');
  });
});
