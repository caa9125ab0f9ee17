import { describe, expect, it } from 'vitest';
import {
  WAKE_WORDS,
  afterRecognitionEnds,
  recognitionErrorEffect,
  wakeWordIn,
} from '@/features/sleep/model/voice-wake';

describe('wake words (spec 002 §9)', () => {
  it('are the six phrases, with hey kiri', () => {
    expect([...WAKE_WORDS]).toEqual(['arise', 'wake up', 'hey kiri', 'lumora', 'presence', 'wake']);
  });
});

describe('a phrase wakes only when final and containing a wake word, case-insensitively', () => {
  it('finds a wake word anywhere in a final phrase, whatever its case', () => {
    expect(wakeWordIn('Hey Kiri are you there', true)).toBe('hey kiri');
    expect(wakeWordIn('please ARISE now', true)).toBe('arise');
    expect(wakeWordIn('Lumora', true)).toBe('lumora');
  });
  it('names the longer phrase when two match', () => {
    expect(wakeWordIn('time to wake up', true)).toBe('wake up');
    expect(wakeWordIn('wake', true)).toBe('wake');
  });
  it('ignores a result that is not final', () => {
    expect(wakeWordIn('hey kiri', false)).toBeNull();
  });
  it('ignores a phrase without a wake word', () => {
    expect(wakeWordIn('good morning', true)).toBeNull();
  });
});

describe('listening restarts when recognition ends while on', () => {
  it('restarts while listening is wanted', () => {
    expect(afterRecognitionEnds({ listening: true, stoppedByError: false })).toBe('restart');
  });
  it('does not restart once stopped, or after an error a restart would repeat', () => {
    expect(afterRecognitionEnds({ listening: false, stoppedByError: false })).toBe('stop');
    expect(afterRecognitionEnds({ listening: true, stoppedByError: true })).toBe('stop');
  });
});

describe('recognition errors', () => {
  it("a refused microphone stops listening with 'Microphone Access Denied'", () => {
    expect(recognitionErrorEffect('not-allowed')).toMatchObject({
      stop: true,
      toast: 'Microphone Access Denied',
    });
    expect(recognitionErrorEffect('service-not-allowed').toast).toBe('Microphone Access Denied');
  });
  it('silence or an interruption keeps listening', () => {
    expect(recognitionErrorEffect('no-speech')).toEqual({ stop: false });
    expect(recognitionErrorEffect('aborted')).toEqual({ stop: false });
  });
  it('no microphone or no speech service stops, saying why', () => {
    expect(recognitionErrorEffect('audio-capture')).toMatchObject({ stop: true });
    expect(recognitionErrorEffect('network').note).toMatch(/connection/);
  });
});
