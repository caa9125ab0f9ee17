// The mood strip in jsdom against a stubbed server: the orb's mode, pulse, size and urgent ring, at
// most 5 bubbles that hide 3 s after thinking stops and clear 0.5 s later, the last known state marked
// offline, and a still orb under prefers-reduced-motion.
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MOOD_COLORS } from '@/domain/mood-modes';
import { MoodStrip } from '@/features/mood';
import { KEPT_MOOD_KEY } from '@/features/mood/api/mood-api';
import {
  json,
  networkDown,
  renderWithProviders,
  stubFetch,
  type Handler,
} from '../../helpers/client';

const NURTURING = { mode: 'nurturing', intensity: 0.5, pulseSpeed: 0.4, color: '#f472b6' };
const URGENT = { mode: 'urgent', intensity: 1, pulseSpeed: 1, color: '#ef4444' };
const QUIET_MAP = { isThinking: false, focus: [], contextSummary: 'No recent conversation' };
const SEVEN_TERMS = ['exam', 'sister', 'rain', 'deadline', 'train', 'park', 'dog'].map(
  (term, i) => ({ term, weight: 1 - i * 0.1, category: 'general' }),
);

function server(mood: object, map: object = QUIET_MAP) {
  const current = { mood, map, down: false };
  const answer =
    (pick: () => object): Handler =>
    (request) =>
      current.down ? networkDown()(request) : json(pick());
  stubFetch({
    'GET /api/kiri/state': answer(() => current.mood),
    'GET /api/kiri/thoughtmap': answer(() => current.map),
  });
  return current;
}

function stubReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('reduce'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

beforeEach(() => {
  localStorage.clear();
  stubReducedMotion(false);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('MoodStrip', () => {
  it('draws nothing before the first answer, then the orb in the mood’s colour, pulse and size', async () => {
    server(NURTURING);
    renderWithProviders(<MoodStrip personaName="Kiri" />);
    expect(screen.queryByTestId('mood-orb')).toBeNull();
    const orb = await screen.findByRole('img', { name: 'Kiri is nurturing (intensity 50%)' });
    // 2 + (1 - 0.4) * 3 = 3.8 s; 24 + 24 * 0.5 = 36 px.
    expect(orb.style.animation).toContain('3.8s');
    expect(orb.style.width).toBe('36px');
    expect(orb.style.backgroundColor).toBe('rgb(244, 114, 182)');
    expect(screen.queryByTestId('mood-urgent-ring')).toBeNull();
    expect(screen.queryByTestId('mood-offline')).toBeNull();
  });

  it('urgent adds the flickering ring and pulses every 2 s', async () => {
    server(URGENT);
    renderWithProviders(<MoodStrip />);
    const orb = await screen.findByTestId('mood-orb');
    expect(orb.style.animation).toContain('2s');
    expect(orb.style.width).toBe('48px');
    expect(screen.getByTestId('mood-urgent-ring').style.animation).toContain('kiri-mood-flicker');
  });

  it('shows at most 5 bubbles while thinking; 3 s after it stops they hide, 0.5 s later they go', async () => {
    const current = server(NURTURING, { isThinking: true, focus: SEVEN_TERMS, contextSummary: '' });
    const { queryClient } = renderWithProviders(<MoodStrip />);
    const list = await screen.findByRole('list', { name: 'What Kiri is thinking about' });
    await waitFor(() => expect(list.querySelectorAll('li')).toHaveLength(5));
    expect([...list.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'exam',
      'sister',
      'rain',
      'deadline',
      'train',
    ]);

    current.map = { isThinking: false, focus: SEVEN_TERMS, contextSummary: '' };
    const stoppedAt = Date.now();
    await act(() => queryClient.refetchQueries({ queryKey: ['/api/kiri/thoughtmap'] }));
    await waitFor(() => expect(list.querySelector('li')?.className).toContain('opacity-0'), {
      timeout: 5000,
    });
    expect(Date.now() - stoppedAt).toBeGreaterThanOrEqual(2900);
    expect(list.querySelectorAll('li')).toHaveLength(5);
    await waitFor(() => expect(list.querySelectorAll('li')).toHaveLength(0), { timeout: 3000 });
    expect(Date.now() - stoppedAt).toBeGreaterThanOrEqual(3400);
  }, 15_000);

  it('offline the last known state stays, marked as such', async () => {
    const current = server(NURTURING);
    const { queryClient } = renderWithProviders(<MoodStrip />);
    await screen.findByTestId('mood-orb');
    current.down = true;
    await act(() => queryClient.refetchQueries({ queryKey: ['/api/kiri/state'] }));
    expect((await screen.findByTestId('mood-offline')).textContent).toMatch(
      /Offline, last known at \d/,
    );
    expect(screen.getByRole('img', { name: 'Kiri is nurturing (intensity 50%)' })).toBeTruthy();
  });

  it('opened offline, it shows the state this device last read, marked offline', async () => {
    localStorage.setItem(KEPT_MOOD_KEY, JSON.stringify({ value: URGENT, at: Date.now() - 60_000 }));
    const current = server(NURTURING);
    current.down = true;
    renderWithProviders(<MoodStrip />);
    expect((await screen.findByTestId('mood-offline')).textContent).toMatch(/Offline/);
    expect(screen.getByTestId('mood-strip').dataset.mode).toBe('urgent');
  });

  it('with prefers-reduced-motion the orb and the ring stand still', async () => {
    stubReducedMotion(true);
    server(URGENT);
    renderWithProviders(<MoodStrip />);
    const orb = await screen.findByTestId('mood-orb');
    expect(orb.style.animation).toBe('');
    expect(screen.getByTestId('mood-urgent-ring').style.animation).toBe('');
    expect(orb.style.backgroundColor).toBe('rgb(239, 68, 68)');
    expect(MOOD_COLORS.urgent).toBe('#ef4444');
  });
});
