// The voice wake card (spec 002): the wake words, Start Voice Wake and stop, the phrase heard; a wake
// word posts voice-wake and the status is read again. Shown only when sleeping or deep paused.
import { useQueryClient } from '@tanstack/react-query';
// An icon the app's first chunk has already (see SleepModeScreen).
import { Sparkles } from 'lucide-react';
import { usePersonaName } from '@/lib/auth-session';
import { Button } from '@/ui/Button';
import { SLEEP_STATUS_KEY, failureText, postVoiceWake } from '../api/sleep-api';
import { useVoiceWake } from '../hooks/useVoiceWake';
import { VOICE_TEXT } from '../model/texts';
import { WAKE_WORDS } from '../model/voice-wake';
import { Card } from './Card';

export function VoiceWakeCard() {
  const persona = usePersonaName();
  const queryClient = useQueryClient();
  const voice = useVoiceWake(async (phrase) => {
    try {
      await postVoiceWake(phrase);
    } finally {
      await queryClient.invalidateQueries({ queryKey: SLEEP_STATUS_KEY });
    }
  }, failureText);

  return (
    <Card
      labelledBy="voice-wake-title"
      title={VOICE_TEXT.title}
      icon={<Sparkles size={18} aria-hidden />}
    >
      {!voice.supported ? (
        <div className="grid gap-1">
          <p className="font-medium">{VOICE_TEXT.unsupported}</p>
          <p className="text-muted">{VOICE_TEXT.unsupportedHint}</p>
        </div>
      ) : (
        <>
          <p>{VOICE_TEXT.intro(persona)}</p>
          <ul aria-label="Wake words" className="flex flex-wrap gap-2">
            {WAKE_WORDS.map((word) => (
              <li
                key={word}
                className="rounded-full bg-stone-100 px-3 py-1 text-sm dark:bg-stone-800"
              >
                “{word}”
              </li>
            ))}
          </ul>
          <div className="flex flex-wrap items-center gap-2">
            {voice.listening ? (
              <Button variant="outline" onClick={voice.stop}>
                {VOICE_TEXT.stop}
              </Button>
            ) : (
              <Button onClick={voice.start}>{VOICE_TEXT.start}</Button>
            )}
            {voice.listening && (
              <span role="status" className="text-sm text-muted">
                {VOICE_TEXT.listening}
              </span>
            )}
          </div>
          {voice.heard !== null && (
            <p data-testid="voice-heard">
              {VOICE_TEXT.heard}: “{voice.heard}”
              {voice.wakeWord && <span className="text-muted"> (wake word: {voice.wakeWord})</span>}
            </p>
          )}
          {voice.note && <p className="text-sm text-amber-700 dark:text-amber-300">{voice.note}</p>}
        </>
      )}
    </Card>
  );
}
