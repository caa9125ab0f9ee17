import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConsoleScreen } from '@/features/console/components/ConsoleScreen';
import {
  CONSOLE_MODES,
  CONSOLE_TEXT,
  MODE_TRANSITION_MS,
  modeSwitch,
} from '@/features/console/model/console-modes';
import { CONSOLE_PANEL_TEXT } from '@/features/console/components/ConsolePanel';
import { renderWithProviders, stubFetch } from '../../helpers/client';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('console modes (spec 002 "Manual console")', () => {
  it('has the five modes in the spec’s order and titles', () => {
    expect(CONSOLE_MODES.map((mode) => [mode.id, mode.title])).toEqual([
      ['console', 'Advanced Console'],
      ['chat', 'Chat Interface'],
      ['memory', 'Memory Sync'],
      ['self-mod', 'Self-Modification'],
      ['system', 'System Status'],
    ]);
  });

  it('selecting the current mode does nothing', () => {
    expect(modeSwitch('memory', 'memory')).toBeNull();
    expect(modeSwitch('console', 'system')).toBe('system');
  });
});

function renderConsole(panels = {}) {
  // No server behind: every call answers 404 (the console's own calls are tested in console-panel).
  stubFetch({});
  return renderWithProviders(
    <MemoryRouter>
      <ConsoleScreen panels={panels} />
    </MemoryRouter>,
  );
}

describe('ConsoleScreen', () => {
  it('opens in console mode, titled by the mode, with the console’s own tools', () => {
    renderConsole();
    expect(screen.getByRole('heading', { level: 1, name: 'Advanced Console' })).toBeTruthy();
    expect(screen.getByPlaceholderText(CONSOLE_PANEL_TEXT.placeholder)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Execution Console' })).toBeTruthy();
    expect(
      screen.getByRole('button', { name: 'Advanced Console' }).getAttribute('aria-pressed'),
    ).toBe('true');
  });

  it('a mode switch retitles the header, shows the handed-in panel and lasts 400 ms', () => {
    vi.useFakeTimers();
    renderConsole({ system: <p>the system panel</p> });
    fireEvent.click(screen.getByRole('button', { name: 'System Status' }));
    expect(screen.getByRole('heading', { level: 1, name: 'System Status' })).toBeTruthy();
    expect(screen.getByText('the system panel')).toBeTruthy();
    const content = screen.getByTestId('console-mode-content');
    expect(content.dataset.switching).toBe('true');
    act(() => vi.advanceTimersByTime(MODE_TRANSITION_MS - 1));
    expect(content.dataset.switching).toBe('true');
    act(() => vi.advanceTimersByTime(1));
    expect(content.dataset.switching).toBeUndefined();
  });

  it('choosing the mode already shown starts no transition', () => {
    renderConsole();
    fireEvent.click(screen.getByRole('button', { name: 'Advanced Console' }));
    expect(screen.getByTestId('console-mode-content').dataset.switching).toBeUndefined();
  });

  it('a mode whose panel is not handed in says it is not built; chat mode is the placeholder', () => {
    renderConsole();
    fireEvent.click(screen.getByRole('button', { name: 'Memory Sync' }));
    expect(screen.getByText(CONSOLE_TEXT.panelNotBuilt)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Chat Interface' }));
    expect(screen.getByText(CONSOLE_TEXT.chatPlaceholder)).toBeTruthy();
  });
});
