// Listening for a wake word with the Web Speech API (spec 002 voice wake card). Chrome and Edge name
// it webkitSpeechRecognition, Safari (14.5+) too; Firefox has none: the card then says so.
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '@/ui/use-toast';
import {
  VOICE_LANG,
  WAKE_FAILED_TOAST,
  afterRecognitionEnds,
  recognitionErrorEffect,
  wakeWordIn,
} from '../model/voice-wake';

/** The part of SpeechRecognition the card uses (TypeScript's DOM library does not declare it). */
export interface SpeechRecognitionLike {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  maxAlternatives: number;
  start(): void;
  stop(): void;
  abort(): void;
  onresult: ((event: SpeechResultEventLike) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
}

export interface SpeechResultEventLike {
  resultIndex: number;
  results: ArrayLike<{ isFinal: boolean; 0?: { transcript: string } }>;
}

export type SpeechRecognitionConstructor = new () => SpeechRecognitionLike;

/** The platform's recognizer, or null where there is none. */
export function speechRecognitionConstructor(
  scope: object = globalThis,
): SpeechRecognitionConstructor | null {
  const s = scope as {
    SpeechRecognition?: SpeechRecognitionConstructor;
    webkitSpeechRecognition?: SpeechRecognitionConstructor;
  };
  return s.SpeechRecognition ?? s.webkitSpeechRecognition ?? null;
}

export interface VoiceWake {
  supported: boolean;
  listening: boolean;
  /** The last final phrase heard. */
  heard: string | null;
  /** The wake word found in it, when one was. */
  wakeWord: string | null;
  /** Why listening stopped by itself, in plain words. */
  note: string | null;
  start: () => void;
  stop: () => void;
}

/**
 * `wake` is called with the phrase that held a wake word; while it runs, further phrases are ignored.
 * When it resolves, listening stops (Kiri is awake; the card goes); when it throws, 'Wake Failed' shows
 * and listening carries on.
 */
export function useVoiceWake(
  wake: (phrase: string) => Promise<void>,
  describeFailure: (error: unknown) => string,
): VoiceWake {
  const [Recognition] = useState(() => speechRecognitionConstructor());
  const [listening, setListening] = useState(false);
  const [heard, setHeard] = useState<string | null>(null);
  const [wakeWord, setWakeWord] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const recognition = useRef<SpeechRecognitionLike | null>(null);
  /** Whether the owner wants to listen (state lags behind the recognizer's events). */
  const wanted = useRef(false);
  const stoppedByError = useRef(false);
  const waking = useRef(false);
  const wakeRef = useRef(wake);
  const describeRef = useRef(describeFailure);
  useEffect(() => {
    wakeRef.current = wake;
    describeRef.current = describeFailure;
  });

  const stop = useCallback(() => {
    wanted.current = false;
    setListening(false);
    try {
      recognition.current?.stop();
    } catch {
      // Not started: nothing to stop.
    }
  }, []);

  const onPhrase = useCallback(
    (transcript: string) => {
      const phrase = transcript.trim();
      setHeard(phrase);
      const word = wakeWordIn(phrase, true);
      if (!word || waking.current) return;
      setWakeWord(word);
      waking.current = true;
      wakeRef.current(phrase).then(
        () => {
          waking.current = false;
          stop();
        },
        (error: unknown) => {
          waking.current = false;
          toast({
            title: WAKE_FAILED_TOAST,
            description: describeRef.current(error),
            variant: 'destructive',
          });
        },
      );
    },
    [stop],
  );

  const start = useCallback(() => {
    if (!Recognition) return;
    let r = recognition.current;
    if (!r) {
      r = new Recognition();
      r.lang = VOICE_LANG;
      r.continuous = true;
      r.interimResults = false;
      r.maxAlternatives = 1;
      r.onresult = (event) => {
        for (let i = event.resultIndex; i < event.results.length; i += 1) {
          const result = event.results[i];
          // Spec 002 §5: only a final result counts.
          if (result?.isFinal && result[0]) onPhrase(result[0].transcript);
        }
      };
      r.onerror = (event) => {
        const effect = recognitionErrorEffect(event.error);
        if (effect.toast) toast({ title: effect.toast, variant: 'destructive' });
        if (effect.note) setNote(effect.note);
        if (effect.stop) {
          stoppedByError.current = true;
          wanted.current = false;
          setListening(false);
        }
      };
      r.onend = () => {
        const next = afterRecognitionEnds({
          listening: wanted.current,
          stoppedByError: stoppedByError.current,
        });
        if (next === 'restart') {
          try {
            recognition.current?.start();
            return;
          } catch {
            // The recognizer refused to start again: listening is off.
          }
        }
        wanted.current = false;
        setListening(false);
      };
      recognition.current = r;
    }
    stoppedByError.current = false;
    wanted.current = true;
    setNote(null);
    setListening(true);
    try {
      r.start();
    } catch {
      // Already started (a double tap): it listens already.
    }
  }, [Recognition, onPhrase]);

  useEffect(
    () => () => {
      wanted.current = false;
      const r = recognition.current;
      if (r) {
        r.onend = null;
        r.onresult = null;
        r.onerror = null;
        try {
          r.abort();
        } catch {
          // Never started.
        }
      }
    },
    [],
  );

  return { supported: Recognition !== null, listening, heard, wakeWord, note, start, stop };
}
