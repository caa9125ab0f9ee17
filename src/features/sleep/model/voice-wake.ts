// Voice wake (spec 002 voice wake card, §4, §5, §8, §9): which phrases wake Kiri, and what the card
// does when recognition ends or fails.

/** Spec 002 §9, with the contract's persona name ('hey kiri', DESIGN.md). Longer phrases first. */
export const WAKE_WORDS = ['arise', 'wake up', 'hey kiri', 'lumora', 'presence', 'wake'] as const;
export const VOICE_LANG = 'en-US';

/**
 * The wake word a recognised phrase contains, or null. Spec 002 §5: only a final result counts, and it
 * counts when it contains a wake word, case-insensitively.
 */
export function wakeWordIn(transcript: string, isFinal: boolean): string | null {
  if (!isFinal) return null;
  const heard = transcript.toLowerCase();
  // 'wake up' is named before 'wake' so the phrase shown is the longer one the owner said.
  const ordered = [...WAKE_WORDS].sort((a, b) => b.length - a.length);
  return ordered.find((word) => heard.includes(word)) ?? null;
}

/**
 * Spec 002 §4: when recognition ends while listening is on, listening restarts. It does not after an
 * error that another start would only repeat (no permission, no microphone, no service).
 */
export function afterRecognitionEnds(state: {
  listening: boolean;
  stoppedByError: boolean;
}): 'restart' | 'stop' {
  return state.listening && !state.stoppedByError ? 'restart' : 'stop';
}

export interface RecognitionErrorEffect {
  /** Listening goes off: a restart would fail the same way. */
  stop: boolean;
  toast?: string;
  /** What the card says instead, in plain words. */
  note?: string;
}

export const MICROPHONE_DENIED_TOAST = 'Microphone Access Denied';
export const WAKE_FAILED_TOAST = 'Wake Failed';

/** What a SpeechRecognition error means for the card (its `error` code). */
export function recognitionErrorEffect(error: string): RecognitionErrorEffect {
  switch (error) {
    case 'not-allowed':
    case 'service-not-allowed':
      return {
        stop: true,
        toast: MICROPHONE_DENIED_TOAST,
        note: 'Allow the microphone for this site to use voice wake.',
      };
    case 'audio-capture':
      return { stop: true, note: 'No microphone was found.' };
    case 'network':
      // Chrome and Safari send the audio to their speech service: offline, every restart fails.
      return { stop: true, note: 'Voice recognition needs a connection to its speech service.' };
    case 'language-not-supported':
      return { stop: true, note: 'This browser cannot recognise English (US) speech.' };
    default:
      // 'no-speech', 'aborted': silence or an interruption; listening carries on.
      return { stop: false };
  }
}
