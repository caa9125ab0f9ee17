import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VoiceWakeCard } from '@/features/sleep/components/VoiceWakeCard';
import { resetToasts } from '@/ui/toast-store';
import {
  AUTHENTICATED_OWNER,
  errorAnswer,
  json,
  renderWithProviders,
  stubFetch,
} from '../../helpers/client';

/** A stand-in for the browser's SpeechRecognition: the test says what it heard and when it ends. */
class FakeRecognition {
  static instances: FakeRecognition[] = [];
  lang = '';
  continuous = false;
  interimResults = true;
  maxAlternatives = 0;
  starts = 0;
  stops = 0;
  onresult: ((event: unknown) => void) | null = null;
  onerror: ((event: { error: string }) => void) | null = null;
  onend: (() => void) | null = null;
  constructor() {
    FakeRecognition.instances.push(this);
  }
  start() {
    this.starts += 1;
  }
  stop() {
    this.stops += 1;
  }
  abort() {}
  hear(transcript: string, isFinal = true) {
    act(() =>
      this.onresult?.({ resultIndex: 0, results: [Object.assign([{ transcript }], { isFinal })] }),
    );
  }
  fail(error: string) {
    act(() => this.onerror?.({ error }));
  }
  end() {
    act(() => this.onend?.());
  }
}

function withRecognition(
  name: 'SpeechRecognition' | 'webkitSpeechRecognition' = 'webkitSpeechRecognition',
) {
  FakeRecognition.instances = [];
  vi.stubGlobal(name, FakeRecognition);
}

function stubServer(
  voiceWake: () => Response = () => json({ success: true, message: 'Kiri is awake' }),
) {
  const commands: unknown[] = [];
  const fetchMock = stubFetch({
    'GET /api/auth/status': () => json(AUTHENTICATED_OWNER),
    'GET /api/sleep-mode/status': () => json({ sleeping: true, deepPause: false }),
    'POST /api/sleep-mode/voice-wake': ({ body }) => {
      commands.push(body);
      return voiceWake();
    },
  });
  return { fetchMock, commands };
}

const recognizer = () => FakeRecognition.instances.at(-1)!;

afterEach(() => {
  cleanup();
  act(() => resetToasts());
  vi.unstubAllGlobals();
});

describe('voice wake card', () => {
  it('without speech recognition it says so and how to get it', () => {
    stubServer();
    renderWithProviders(<VoiceWakeCard />);
    expect(screen.getByText('Voice recognition not supported in this browser')).toBeTruthy();
    expect(
      screen.getByText('Please use Chrome, Edge, or Safari for voice wake commands.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Start Voice Wake' })).toBeNull();
  });

  it('lists the wake words and listens in en-US, continuously, on Start Voice Wake', () => {
    withRecognition();
    stubServer();
    renderWithProviders(<VoiceWakeCard />);
    const words = screen.getByRole('list', { name: 'Wake words' });
    expect(words.textContent).toBe('“arise”“wake up”“hey kiri”“lumora”“presence”“wake”');
    fireEvent.click(screen.getByRole('button', { name: 'Start Voice Wake' }));
    expect(recognizer()).toMatchObject({ lang: 'en-US', continuous: true, starts: 1 });
    expect(screen.getByText('Listening…')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Stop Listening' })).toBeTruthy();
  });

  it('uses the unprefixed SpeechRecognition where the browser has it', () => {
    withRecognition('SpeechRecognition');
    stubServer();
    renderWithProviders(<VoiceWakeCard />);
    fireEvent.click(screen.getByRole('button', { name: 'Start Voice Wake' }));
    expect(recognizer().starts).toBe(1);
  });

  it('a final phrase with a wake word posts voice-wake with it and stops listening; others are ignored', async () => {
    withRecognition();
    const server = stubServer();
    renderWithProviders(<VoiceWakeCard />);
    fireEvent.click(screen.getByRole('button', { name: 'Start Voice Wake' }));
    recognizer().hear('hey kiri', false); // not final: does not count
    recognizer().hear('good morning');
    expect(screen.getByTestId('voice-heard').textContent).toContain('good morning');
    recognizer().hear('Hey Kiri, wake up please');
    expect(screen.getByTestId('voice-heard').textContent).toContain('Hey Kiri, wake up please');
    await waitFor(() => expect(server.commands).toEqual([{ command: 'Hey Kiri, wake up please' }]));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Start Voice Wake' })).toBeTruthy(),
    );
    expect(recognizer().stops).toBe(1);
    // The recognizer's own end after the stop does not start it again.
    recognizer().end();
    expect(recognizer().starts).toBe(1);
  });

  it('restarts listening when recognition ends while on, and not after Stop', () => {
    withRecognition();
    stubServer();
    renderWithProviders(<VoiceWakeCard />);
    fireEvent.click(screen.getByRole('button', { name: 'Start Voice Wake' }));
    recognizer().end();
    recognizer().end();
    expect(recognizer().starts).toBe(3);
    expect(screen.getByText('Listening…')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Stop Listening' }));
    recognizer().end();
    expect(recognizer().starts).toBe(3);
    expect(screen.queryByText('Listening…')).toBeNull();
  });

  it("a refused microphone: 'Microphone Access Denied', and listening stays off", async () => {
    withRecognition();
    stubServer();
    renderWithProviders(<VoiceWakeCard />);
    fireEvent.click(screen.getByRole('button', { name: 'Start Voice Wake' }));
    recognizer().fail('not-allowed');
    recognizer().end();
    expect(await screen.findByText('Microphone Access Denied')).toBeTruthy();
    expect(recognizer().starts).toBe(1);
    expect(screen.getByRole('button', { name: 'Start Voice Wake' })).toBeTruthy();
  });

  it('silence keeps listening (no-speech, then the end restarts)', () => {
    withRecognition();
    stubServer();
    renderWithProviders(<VoiceWakeCard />);
    fireEvent.click(screen.getByRole('button', { name: 'Start Voice Wake' }));
    recognizer().fail('no-speech');
    recognizer().end();
    expect(recognizer().starts).toBe(2);
  });

  it("the wake request failing: 'Wake Failed', and it keeps listening", async () => {
    withRecognition();
    stubServer(() => errorAnswer(400, 'Not a wake word'));
    renderWithProviders(<VoiceWakeCard />);
    fireEvent.click(screen.getByRole('button', { name: 'Start Voice Wake' }));
    recognizer().hear('arise');
    expect(await screen.findByText('Wake Failed')).toBeTruthy();
    expect(screen.getByText('Not a wake word')).toBeTruthy();
    expect(screen.getByText('Listening…')).toBeTruthy();
    expect(recognizer().stops).toBe(0);
  });
});
