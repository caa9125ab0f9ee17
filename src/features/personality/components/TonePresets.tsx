// The chat settings panel's quick tone presets (spec 000 §2.2 variant A, §8 'Tone Updated'): one tap
// saves a preset as Kiri's personality. Exported from the feature's index for the panel's slot; the
// panel should load it lazily (it reads the server, and the chat's first load must not grow).
import { PRESET_NAMES, PRESETS, presetOf, type PresetName } from '@/domain/personality';
import { useOnline } from '@/lib/use-online';
import { Button } from '@/ui/Button';
import { toast } from '@/ui/use-toast';
import { useAdjustPersonality, usePersonality } from '../hooks/usePersonality';
import { PERSONALITY_TEXT as T, PRESET_LABELS } from '../model/texts';

export function TonePresets() {
  const query = usePersonality();
  const adjust = useAdjustPersonality();
  const online = useOnline();
  const active = query.data ? presetOf(query.data.current) : null;
  const mayAdjust = query.data?.canAdjust !== false;

  const choose = (name: PresetName) =>
    adjust.mutate(
      { dimensions: { ...PRESETS[name] }, tone: name },
      {
        onSuccess: () => toast({ title: T.toneUpdatedTitle, description: T.toneUpdatedText(name) }),
        onError: () =>
          toast({ title: T.saveErrorTitle, description: T.saveErrorText, variant: 'destructive' }),
      },
    );

  return (
    <div role="group" aria-label={T.quickPresets} className="grid grid-cols-2 gap-2">
      {PRESET_NAMES.map((name) => (
        <Button
          key={name}
          size="sm"
          variant={active === name ? 'primary' : 'outline'}
          aria-pressed={active === name}
          disabled={adjust.isPending || !online || !mayAdjust || !query.data}
          onClick={() => choose(name)}
        >
          {PRESET_LABELS[name]}
        </Button>
      ))}
    </div>
  );
}

export default TonePresets;
