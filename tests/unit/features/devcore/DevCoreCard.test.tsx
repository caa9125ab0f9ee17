import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DevCoreCard } from '@/features/devcore/components/DevCoreCard';
import { resetToasts } from '@/ui/toast-store';
import {
  AUTHENTICATED_OWNER,
  AUTHENTICATED_USER,
  errorAnswer,
  json,
  renderWithProviders,
  stubFetch,
} from '../../helpers/client';

afterEach(() => {
  cleanup();
  resetToasts();
});

const METRICS = {
  conversationAccuracy: 96,
  emotionalResonance: 72,
  responseQuality: 100,
  userSatisfaction: 41,
  adaptationSuccess: null,
};

function server(options: { active?: boolean; admin?: boolean; status?: 'missing' } = {}) {
  let active = options.active ?? true;
  const posts: string[] = [];
  const status = () =>
    options.status === 'missing'
      ? errorAnswer(404, 'Not found')
      : json({
          active,
          uptime: active ? 7260 : 0,
          lastScan: '2026-01-15T08:00:00.000Z',
          evolutionMetrics: METRICS,
          version: 'v1.6',
          scan: { ok: true, trigger: 'manual', checked: 9, problems: [] },
          jobs: [],
        });
  const post = (path: string, next: boolean) => () => {
    posts.push(path);
    active = next;
    return json({ success: true });
  };
  stubFetch({
    'GET /api/auth/status': () =>
      json(options.admin === false ? AUTHENTICATED_USER : AUTHENTICATED_OWNER),
    'GET /api/devcore/status': status,
    'POST /api/devcore/emergency-halt': post('emergency-halt', false),
    'POST /api/devcore/emergency-restore': post('emergency-restore', true),
    'POST /api/devcore/manual-scan': post('manual-scan', true),
  });
  return { posts };
}

describe('DevCore card', () => {
  it('without data says the status is unavailable, and nothing else', async () => {
    server({ status: 'missing' });
    renderWithProviders(<DevCoreCard />);
    expect(await screen.findByText('DevCore system status unavailable')).toBeTruthy();
    expect(screen.getByText('v1.6')).toBeTruthy();
    expect(screen.queryByText('ACTIVE')).toBeNull();
    expect(screen.queryByRole('button', { name: /Manual Scan/ })).toBeNull();
  });

  it('active: live metrics in their colours, Manual Scan and Emergency Halt; halt turns it INACTIVE', async () => {
    const { posts } = server();
    renderWithProviders(<DevCoreCard />);
    expect(await screen.findByText('ACTIVE')).toBeTruthy();
    expect(screen.getByTestId('devcore-uptime').textContent).toBe('2h 1m');
    const metric = (key: string) => screen.getByTestId(`metric-${key}`);
    expect(metric('conversationAccuracy').dataset.colour).toBe('green');
    expect(within(metric('conversationAccuracy')).getByText('96%')).toBeTruthy();
    expect(metric('emotionalResonance').dataset.colour).toBe('yellow');
    expect(metric('userSatisfaction').dataset.colour).toBe('red');
    expect(within(metric('adaptationSuccess')).getByText('Not measured yet')).toBeTruthy();

    const scan = await screen.findByRole('button', { name: /Manual Scan/ });
    await waitFor(() => expect((scan as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: /Emergency Halt/ }));
    expect(await screen.findByText('INACTIVE')).toBeTruthy();
    expect(posts).toEqual(['emergency-halt']);
    expect(
      (screen.getByRole('button', { name: /Manual Scan/ }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(screen.queryByRole('button', { name: /Emergency Halt/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: /Emergency Restore/ }));
    expect(await screen.findByText('ACTIVE')).toBeTruthy();
    expect(posts).toEqual(['emergency-halt', 'emergency-restore']);
  });

  it('collapses and expands on its header', async () => {
    server();
    renderWithProviders(<DevCoreCard />);
    await screen.findByText('ACTIVE');
    const header = screen.getByRole('button', { expanded: true });
    fireEvent.click(header);
    expect(screen.queryByTestId('devcore-uptime')).toBeNull();
    fireEvent.click(screen.getByRole('button', { expanded: false }));
    expect(screen.getByTestId('devcore-uptime')).toBeTruthy();
  });

  it('tells a user who is not an admin that the controls are for admins', async () => {
    server({ admin: false });
    renderWithProviders(<DevCoreCard />);
    await screen.findByText('ACTIVE');
    expect(await screen.findByText('Only admins can scan, halt or restore.')).toBeTruthy();
    expect(
      (screen.getByRole('button', { name: /Emergency Halt/ }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });
});
