// The tone-sync page against a stubbed server that keeps its state: the cards and the history's quality
// icons, a setting sent on change (and put back when refused, with a toast), the mirror prompt shown,
// a reader without system_control, and offline.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import WhisperBridgeScreen from '@/features/whisperbridge/components/WhisperBridgeScreen';
import { getToasts, resetToasts } from '@/ui/toast-store';
import {
  AUTHENTICATED_OWNER,
  AUTHENTICATED_USER,
  errorAnswer,
  json,
  renderWithProviders,
  stubFetch,
} from '../../helpers/client';

const BASE = '/api/whisperbridge-lite';

function server(options: { viewer?: object; entries?: object[] } = {}) {
  const state = {
    config: {
      enabled: true,
      training_mode: true,
      tone_mirroring: false,
      emotion_sync: false,
      sync_mode: 'manual',
      primary_device: 'gemini',
    } as Record<string, unknown>,
    entries: (options.entries ?? []) as object[],
  };
  const sent: unknown[] = [];
  let refuse: string | null = null;
  stubFetch({
    'GET /api/auth/status': () => json({ ...(options.viewer ?? AUTHENTICATED_OWNER) }),
    [`GET ${BASE}/status`]: () =>
      json({
        success: true,
        config: state.config,
        stats: {
          recent_quality: state.entries.length ? 72.5 : null,
          total_sync_entries: state.entries.length,
          average_quality: state.entries.length ? 72.5 : null,
        },
      }),
    [`GET ${BASE}/sync-entries`]: () => json({ success: true, entries: state.entries }),
    [`PUT ${BASE}/config`]: ({ body }) => {
      sent.push(body);
      if (refuse) return errorAnswer(500, refuse);
      Object.assign(state.config, body);
      return json({ success: true, config: state.config });
    },
    [`POST ${BASE}/mirror-prompt`]: ({ body }) =>
      json({
        success: true,
        prompt: `You are Gemini…\nGPT: ${(body as { gpt_input: string }).gpt_input}\nGemini:`,
        examples_used: 0,
        tone: 'neutral',
      }),
  });
  return { sent, refuseWith: (message: string) => (refuse = message) };
}

const entry = (id: string, quality: number, tone = 'soft') => ({
  id,
  gpt_line: `gpt ${id}`,
  gemini_mirror: `gemini ${id}`,
  emotion_tone: tone,
  sync_quality: quality,
  timestamp: '2026-11-24T10:00:00.000Z',
});

function renderScreen() {
  return renderWithProviders(
    <MemoryRouter>
      <WhisperBridgeScreen />
    </MemoryRouter>,
  );
}

afterEach(() => {
  cleanup();
  act(() => resetToasts());
  vi.unstubAllGlobals();
  Object.defineProperty(navigator, 'onLine', { configurable: true, value: true });
  window.dispatchEvent(new Event('online'));
});

describe('the tone-sync page', () => {
  it('shows the cards, the primary device, and each entry with its quality colour', async () => {
    server({ entries: [entry('a', 91), entry('b', 65, 'caring'), entry('c', 40)] });
    renderScreen();
    expect(await screen.findByTestId('wb-active')).toHaveProperty('textContent', 'Active');
    expect(screen.getByTestId('wb-sync-mode').textContent).toBe('Sync mode: Manual');
    expect(screen.getByTestId('wb-card-quality').textContent).toContain('72.5%');
    expect(screen.getByTestId('wb-card-training').textContent).toContain('3 entries');
    const devices = within(screen.getByTestId('wb-card-devices')).getAllByRole('listitem');
    expect(devices.map((item) => item.textContent)).toEqual(['iPad: GPT', 'iPhone: GeminiPrimary']);

    fireEvent.click(screen.getByRole('tab', { name: 'Sync History' }));
    const rows = await screen.findAllByTestId('wb-entry');
    expect(rows.map((row) => row.querySelector('[data-band]')?.getAttribute('data-band'))).toEqual([
      'green',
      'yellow',
      'red',
    ]);
    expect(within(rows[1]!).getByTestId('wb-entry-tone').textContent).toBe('Caring');
  });

  it('sends a setting the moment it changes, and puts it back with a toast when refused', async () => {
    const stub = server();
    renderScreen();
    fireEvent.click(await screen.findByRole('tab', { name: 'Settings' }));
    const mirroring = screen.getByRole('switch', { name: /Tone mirroring/ }) as HTMLInputElement;
    fireEvent.click(mirroring);
    expect(mirroring.checked).toBe(true);
    await waitFor(() => expect(stub.sent).toEqual([{ tone_mirroring: true }]));

    fireEvent.change(screen.getByRole('combobox', { name: 'Sync mode' }), {
      target: { value: 'observation' },
    });
    await waitFor(() => expect(stub.sent.at(-1)).toEqual({ sync_mode: 'observation' }));

    stub.refuseWith('disk full');
    const emotion = screen.getByRole('switch', { name: /Emotion sync/ }) as HTMLInputElement;
    fireEvent.click(emotion);
    await waitFor(() => expect(emotion.checked).toBe(false));
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({
        title: "Kiri's services are experiencing issues. This usually resolves quickly.",
        description: 'disk full',
      }),
    );
    expect(mirroring.checked).toBe(true);
  });

  it('shows the mirror prompt the server built, and the history says when it is empty', async () => {
    server();
    renderScreen();
    fireEvent.click(await screen.findByRole('tab', { name: 'Tone Mirror' }));
    const generate = screen.getByRole('button', { name: 'Generate Mirror Prompt' });
    expect(generate).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByRole('textbox', { name: 'GPT line to mirror' }), {
      target: { value: '  hello there  ' },
    });
    fireEvent.click(generate);
    expect((await screen.findByTestId('wb-mirror-prompt')).textContent).toContain(
      'GPT: hello there\nGemini:',
    );
    expect(screen.getByText('No sync entries yet: the prompt has no examples.')).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Sync History' }));
    expect(
      await screen.findByText('No sync entries yet. Start adding training data!'),
    ).toBeTruthy();
  });

  it('a reader without system_control sees the values, a note, and no way to change them', async () => {
    server({ viewer: { ...AUTHENTICATED_USER, permissions: ['chat', 'mirror_bridge'] } });
    renderScreen();
    expect(
      await screen.findByText('Only the owner or an administrator can change WhisperBridge Lite.'),
    ).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'GPT line' }), { target: { value: 'a' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Gemini mirror' }), {
      target: { value: 'b' },
    });
    expect(screen.getByRole('button', { name: 'Add Sync Entry' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('tab', { name: 'Settings' }));
    expect(screen.getByRole('switch', { name: /Enabled/ }).matches(':disabled')).toBe(true);
  });

  it('offline, marks what it shows as last read and refuses the add', async () => {
    server();
    renderScreen();
    await screen.findByTestId('wb-active');
    Object.defineProperty(navigator, 'onLine', { configurable: true, value: false });
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(await screen.findByText(/^Offline: showing what was last read at/)).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'GPT line' }), { target: { value: 'a' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Gemini mirror' }), {
      target: { value: 'b' },
    });
    expect(screen.getByRole('button', { name: 'Add Sync Entry' })).toHaveProperty('disabled', true);
    expect(screen.getByText('You are offline: this change needs a connection.')).toBeTruthy();
  });
});
