// The core systems page: nothing is read before 'Test All Core Systems', then every module at once, each
// card in its group; a failed card says why; Test Pulse's answer becomes the self-evolve card's value.
// A module the account may not read is not asked, and its card says which permission it needs.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CORE_MODULES } from '@/domain/core-systems';
import { resetToasts } from '@/ui/toast-store';
import { readPermissionOf } from '@/domain/area-permissions';
import {
  AUTHENTICATED_OWNER,
  AUTHENTICATED_USER,
  errorAnswer,
  json,
  renderApp,
  stubFetch,
  type Handler,
} from '../../helpers/client';

afterEach(() => {
  cleanup();
  resetToasts();
  vi.unstubAllGlobals();
});

const LAZY = { timeout: 5000 };

function server(status: object = AUTHENTICATED_OWNER) {
  let cycles = 0;
  const routes: Record<string, Handler> = {
    'GET /api/auth/status': () => json(status),
  };
  for (const module of CORE_MODULES)
    routes[`GET ${module.path}`] = () => json({ status: 'ok', module: module.id });
  routes['GET /api/self-evolve/status'] = () =>
    json({ status: 'active', healthScore: 100, evolutionCycles: cycles });
  routes['GET /api/presence/guardian-shield'] = () => errorAnswer(500, 'Shield state unreadable');
  routes['POST /api/self-evolve/test-pulse'] = () => {
    cycles += 1;
    return json({
      success: true,
      message: `Pulse complete: cycle ${cycles}, all 9 files sound`,
      status: { status: 'active', healthScore: 100, evolutionCycles: cycles },
    });
  };
  const fetchMock = stubFetch(routes);
  const moduleCalls = () =>
    fetchMock.mock.calls.filter(([input]) =>
      CORE_MODULES.some((module) => String(input).endsWith(module.path)),
    ).length;
  const askedPaths = () =>
    fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://x').pathname)
      .filter((path) => CORE_MODULES.some((module) => module.path === path));
  return { moduleCalls, askedPaths, routes };
}

describe('the core systems page', () => {
  it('reads every module only on the button, shows the three groups, a failure and the pulse', async () => {
    const { moduleCalls } = server();
    await renderApp('/core-systems');
    const button = await screen.findByRole('button', { name: 'Test All Core Systems' }, LAZY);
    expect(
      screen.getByText('Press ‘Test All Core Systems’ to read every module now.'),
    ).toBeTruthy();
    expect(moduleCalls()).toBe(0);

    fireEvent.click(button);
    await waitFor(() =>
      expect(screen.getByTestId('core-summary').textContent).toBe(
        '19 of 20 modules answered, 1 failed',
      ),
    );
    expect(moduleCalls()).toBe(20);
    for (const [group, count] of [
      ['core', 11],
      ['presence', 6],
      ['dream', 3],
    ] as const) {
      expect(
        within(screen.getByTestId(`core-group-${group}`)).getAllByRole('heading', { level: 3 }),
      ).toHaveLength(count);
    }
    const guardian = screen.getByTestId('core-card-guardianShield');
    expect(within(guardian).getByTestId('core-card-error').textContent).toBe(
      '500: Shield state unreadable',
    );

    const evolve = screen.getByTestId('core-card-selfEvolve');
    expect(evolve.querySelector('[data-field="evolutionCycles"] dd')!.textContent).toBe('0');
    fireEvent.click(within(evolve).getByRole('button', { name: 'Test Pulse' }));
    await waitFor(() =>
      expect(within(evolve).getByTestId('core-action-selfEvolve').textContent).toBe(
        'Pulse complete: cycle 1, all 9 files sound',
      ),
    );
    expect(evolve.querySelector('[data-field="evolutionCycles"] dd')!.textContent).toBe('1');
  }, 30_000);

  it('the demo explains itself and offers no action', async () => {
    server();
    await renderApp('/core-systems-demo');
    fireEvent.click(await screen.findByRole('button', { name: 'Test All Core Systems' }, LAZY));
    await screen.findByText(/This is the demo of the Core Systems dashboard/);
    await waitFor(() =>
      expect(screen.getByTestId('core-summary').textContent).toMatch(/^19 of 20/),
    );
    expect(screen.queryByRole('button', { name: 'Test Pulse' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Initiate Emergence' })).toBeNull();
  }, 30_000);

  it('a plain user is not asked for the modules their permissions do not open, and those cards say why', async () => {
    const plain = { ...AUTHENTICATED_USER, permissions: ['chat', 'screen_settings'] };
    const { askedPaths } = server(plain);
    const open = CORE_MODULES.filter((module) => readPermissionOf(module.path) === 'chat');
    const closed = CORE_MODULES.filter((module) => readPermissionOf(module.path) !== 'chat');
    expect(open.length).toBeGreaterThan(0);
    expect(closed.length).toBeGreaterThan(0);
    await renderApp('/core-systems');
    const button = await screen.findByRole('button', { name: 'Test All Core Systems' }, LAZY);
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    fireEvent.click(button);
    await waitFor(() =>
      expect(screen.getByTestId('core-summary').textContent).toBe(
        `${open.length} of 20 modules answered, ${closed.length} not open to this account`,
      ),
    );
    expect(new Set(askedPaths())).toEqual(new Set(open.map((module) => module.path)));
    const guardian = screen.getByTestId('core-card-guardianShield');
    expect(guardian.dataset.state).toBe('refused');
    expect(within(guardian).getByTestId('core-card-refused').textContent).toBe(
      'Needs the presence engine permission, which this account does not hold.',
    );
    expect(within(guardian).queryByRole('alert')).toBeNull();
    const emergence = screen.getByTestId('core-card-emergence');
    expect(within(emergence).getByTestId('core-card-refused').textContent).toMatch(
      /^Needs the consciousness permission/,
    );
    expect(within(emergence).queryByRole('button', { name: 'Initiate Emergence' })).toBeNull();

    // Pressing again reads the open modules anew and still asks none of the others.
    const before = askedPaths().length;
    fireEvent.click(screen.getByRole('button', { name: 'Test All Core Systems' }));
    await waitFor(() => expect(askedPaths().length).toBe(before + open.length));
    expect(new Set(askedPaths())).toEqual(new Set(open.map((module) => module.path)));
  }, 30_000);

  it("when the account's list is not known, a module the server refuses says which permission it needs", async () => {
    const { routes } = server(AUTHENTICATED_USER);
    routes['GET /api/presence/mindmap'] = () => errorAnswer(403, 'Permission required');
    await renderApp('/core-systems');
    fireEvent.click(await screen.findByRole('button', { name: 'Test All Core Systems' }, LAZY));
    await waitFor(() =>
      expect(screen.getByTestId('core-summary').textContent).toBe(
        '18 of 20 modules answered, 1 failed, 1 not open to this account',
      ),
    );
    const mindmap = screen.getByTestId('core-card-mindmap');
    expect(within(mindmap).getByTestId('core-card-refused').textContent).toBe(
      'Needs the presence engine permission, which this account does not hold.',
    );
    expect(within(mindmap).queryByTestId('core-card-error')).toBeNull();
  }, 30_000);
});
