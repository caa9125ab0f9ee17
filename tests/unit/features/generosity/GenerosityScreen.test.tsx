// The generosity screen renders what the server measured (stage, counts, engine) beside the fixed
// words, says which is which, and shows the offline notice when the server is out of reach.
import { act, cleanup, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import GenerosityScreen from '@/features/generosity/components/GenerosityScreen';
import { resetToasts } from '@/ui/toast-store';
import {
  AUTHENTICATED_OWNER,
  json,
  networkDown,
  renderWithProviders,
  stubFetch,
} from '../../helpers/client';

afterEach(() => {
  cleanup();
  act(() => resetToasts());
  vi.unstubAllGlobals();
});

const P = (title: string) => ({ title, description: `${title} described.` });
const STATUS = {
  engine: { state: 'active', reason: 'Kiri answers messages, and each is read for feeling.' },
  principles: {
    see_users_first: P('See users first'),
    give_before_ask: P('Give before ask'),
    no_scorekeeping: P('No scorekeeping'),
    surprise_loyalty: P('Surprise loyalty'),
  },
  stages_available: [
    { id: 'day-1', name: 'Day 1', span: 'The first day' },
    { id: 'week-1-4', name: 'Week 1-4', span: 'Day 2 to day 28' },
  ],
  emotional_intelligence: {
    description: 'Read by VADER.',
    feelings: ['sad', 'happy', 'anxious'],
    supportFeelings: ['sad', 'anxious'],
  },
  current_stage: {
    id: 'week-1-4',
    name: 'Week 1-4',
    dayNumber: 11,
    months: 0,
    pastFinalStage: false,
    since: '2026-01-15T08:00:00.000Z',
    firstDay: '2026-01-15',
  },
  measured: ['engine', 'current_stage'],
};
const STATS = {
  sessionStart: '2026-01-25T01:30:00.000Z',
  sessionId: '2026-01-25',
  interactionCount: 4,
  emotionalSupportProvided: 1,
  principles: [],
};

function renderScreen() {
  return renderWithProviders(
    <MemoryRouter>
      <GenerosityScreen />
    </MemoryRouter>,
  );
}

describe('GenerosityScreen', () => {
  it('shows the stage among the five, the counts, the engine, and which parts are measured', async () => {
    stubFetch({
      'GET /api/auth/status': () => json({ ...AUTHENTICATED_OWNER, timeZone: 'Asia/Shanghai' }),
      'GET /api/generosity/status': () => json(STATUS),
      'GET /api/generosity/stats': () => json(STATS),
    });
    renderScreen();
    expect((await screen.findByTestId('generosity-stage')).textContent).toBe('Week 1-4');
    expect(screen.getByTestId('generosity-day').textContent).toBe('Day 11');
    expect(screen.getByText(/Since January 15, 2026/)).toBeTruthy();
    const current = screen
      .getByRole('list', { name: 'The five stages' })
      .querySelector('[aria-current="step"]');
    expect(current?.textContent).toContain('Week 1-4');
    expect((await screen.findByTestId('generosity-interactions')).textContent).toBe('4');
    expect(screen.getByTestId('generosity-support').textContent).toBe('1');
    expect(screen.getByTestId('generosity-session-start').textContent).toBe('09:30');
    expect(screen.getByTestId('generosity-engine-state').textContent).toBe('Active');
    expect(screen.getByText(/^Measured: the engine state, the stage and the session/)).toBeTruthy();
    expect(screen.getByText(/^Fixed text: what Kiri aims for/)).toBeTruthy();
    expect(screen.getByText('No scorekeeping')).toBeTruthy();
  });

  it('the server out of reach: the offline notice', async () => {
    stubFetch({
      'GET /api/auth/status': networkDown(),
      'GET /api/generosity/status': networkDown(),
      'GET /api/generosity/stats': networkDown(),
    });
    renderScreen();
    expect(await screen.findByText('Offline: showing what was last read')).toBeTruthy();
  });
});
