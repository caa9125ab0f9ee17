// The personality page: sliders, flag, tone label, presets, reset, Save and the spec's toasts (000 §8).
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BASELINE_DIMENSIONS, PRESETS, type Dimensions } from '@/domain/personality';
import PersonalitySettingsScreen from '@/features/personality/components/PersonalitySettingsScreen';
import { TonePresets } from '@/features/personality';
import { getToasts, resetToasts } from '@/ui/toast-store';
import {
  AUTHENTICATED_OWNER,
  errorAnswer,
  json,
  renderWithProviders,
  stubFetch,
  testQueryClient,
} from '../../helpers/client';

afterEach(() => {
  cleanup();
  act(() => resetToasts());
  vi.unstubAllGlobals();
});

function answer(current: Dimensions, canAdjust = true) {
  return {
    success: true,
    current,
    baseline: BASELINE_DIMENSIONS,
    currentTone: 'balanced',
    canAdjust,
  };
}

function renderScreen(queryClient = testQueryClient()) {
  return renderWithProviders(
    <MemoryRouter>
      <PersonalitySettingsScreen />
    </MemoryRouter>,
    queryClient,
  );
}

const slider = (name: string) => screen.getByRole('slider', { name }) as HTMLInputElement;
const saveButton = () => screen.getByRole('button', { name: 'Save Changes' }) as HTMLButtonElement;
const toastTitles = () => getToasts().map((t) => t.title);

describe('the personality page', () => {
  it('shows five sliders from 0 to 1 in steps of 0.05 with the saved values, and Save disabled', async () => {
    stubFetch({
      'GET /api/auth/status': () => json(AUTHENTICATED_OWNER),
      'GET /api/personality/current': () => json(answer(PRESETS.professional)),
    });
    renderScreen();
    await waitFor(() => expect(slider('Softness').value).toBe('0.6'));
    for (const name of ['Softness', 'Logic vs Emotion', 'Humor Level', 'Formality', 'Initiative']) {
      expect(slider(name)).toMatchObject({ min: '0', max: '1', step: '0.05' });
    }
    expect(slider('Logic vs Emotion').value).toBe('0.8');
    expect(screen.getByTestId('tone-label').textContent).toBe('Professional');
    expect(screen.queryByText('Unsaved changes')).toBeNull();
    expect(saveButton().disabled).toBe(true);
  });

  it('a slider change sets the flag and the derived tone; Save sends it and toasts the new tone', async () => {
    const posted: unknown[] = [];
    stubFetch({
      'GET /api/auth/status': () => json(AUTHENTICATED_OWNER),
      'GET /api/personality/current': () => json(answer(PRESETS.professional)),
      'POST /api/personality/adjust': ({ body }) => {
        posted.push(body);
        const { dimensions } = body as { dimensions: Dimensions };
        return json({ ...answer(dimensions), currentTone: 'direct' });
      },
    });
    renderScreen();
    await waitFor(() => expect(slider('Softness').value).toBe('0.6'));
    fireEvent.change(slider('Softness'), { target: { value: '0.45' } });
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    // logic 0.8 above 0.7 and softness 0.45 below 0.5: direct comes before professional.
    expect(screen.getByTestId('tone-label').textContent).toBe('Direct');
    expect(saveButton().disabled).toBe(false);
    fireEvent.click(saveButton());
    await waitFor(() => expect(toastTitles()).toEqual(['Personality Updated']));
    expect(getToasts()[0]?.description).toBe('Tone: Direct');
    expect(posted).toEqual([
      { dimensions: { ...PRESETS.professional, softness: 0.45 }, tone: 'direct' },
    ]);
    expect(screen.queryByText('Unsaved changes')).toBeNull();
    expect(saveButton().disabled).toBe(true);
  });

  it('presets and reset to baseline move the sliders and set the flag', async () => {
    stubFetch({
      'GET /api/auth/status': () => json(AUTHENTICATED_OWNER),
      'GET /api/personality/current': () => json(answer(PRESETS.professional)),
    });
    renderScreen();
    await waitFor(() => expect(slider('Softness').value).toBe('0.6'));
    fireEvent.click(screen.getByRole('button', { name: 'Gentle' }));
    expect(slider('Softness').value).toBe('0.9');
    expect(screen.getByTestId('tone-label').textContent).toBe('Gentle');
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reset to Baseline' }));
    expect(slider('Formality').value).toBe(String(BASELINE_DIMENSIONS.formality));
  });

  it("a failed save toasts 'Save Error' and keeps the change unsaved", async () => {
    stubFetch({
      'GET /api/auth/status': () => json(AUTHENTICATED_OWNER),
      'GET /api/personality/current': () => json(answer(PRESETS.professional)),
      'POST /api/personality/adjust': () => errorAnswer(500, 'disk full'),
    });
    renderScreen();
    await waitFor(() => expect(slider('Softness').value).toBe('0.6'));
    fireEvent.change(slider('Initiative'), { target: { value: '0.1' } });
    fireEvent.click(saveButton());
    await waitFor(() => expect(toastTitles()).toEqual(['Save Error']));
    expect(getToasts()[0]?.description).toBe("Couldn't save personality changes");
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    expect(saveButton().disabled).toBe(false);
  });

  it("a failed read toasts 'Loading Error'", async () => {
    stubFetch({
      'GET /api/auth/status': () => json(AUTHENTICATED_OWNER),
      'GET /api/personality/current': () => errorAnswer(500, 'broken'),
    });
    const client = testQueryClient();
    client.setDefaultOptions({ queries: { retry: false } });
    renderScreen(client);
    await waitFor(() => expect(toastTitles()).toEqual(['Loading Error']));
    expect(getToasts()[0]?.description).toBe("Couldn't load current personality settings");
  });

  it('an account that may not save sees the values with every control disabled', async () => {
    stubFetch({
      'GET /api/auth/status': () => json(AUTHENTICATED_OWNER),
      'GET /api/personality/current': () => json(answer(PRESETS.gentle, false)),
    });
    renderScreen();
    await waitFor(() => expect(slider('Softness').value).toBe('0.9'));
    expect(slider('Softness').closest('fieldset')?.disabled).toBe(true);
    expect(screen.getByText(/Only the owner or an admin/)).toBeTruthy();
  });
});

describe('quick tone presets', () => {
  it("save a preset in one tap and toast 'Tone Updated'", async () => {
    const posted: unknown[] = [];
    stubFetch({
      'GET /api/auth/status': () => json(AUTHENTICATED_OWNER),
      'GET /api/personality/current': () => json(answer(BASELINE_DIMENSIONS)),
      'POST /api/personality/adjust': ({ body }) => {
        posted.push(body);
        return json(answer((body as { dimensions: Dimensions }).dimensions));
      },
    });
    renderWithProviders(<TonePresets />);
    const casual = await screen.findByRole('button', { name: 'Casual' });
    await waitFor(() => expect((casual as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(casual);
    await waitFor(() => expect(toastTitles()).toEqual(['Tone Updated']));
    expect(posted).toEqual([{ dimensions: PRESETS.casual, tone: 'casual' }]);
    await waitFor(() => expect(casual.getAttribute('aria-pressed')).toBe('true'));
  });
});
