// The stream's settings (admin only; docs/consciousness.md): the place (for the sun, the moon and the
// weather), the country (for its public holidays), weather on or off, the news and trends feeds, and
// the interval in hours. Nothing is fetched that is not set here. The server checks each field and its
// words are shown when it refuses.
import { useId, useState, type FormEvent } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import { Button } from '@/ui/Button';
import { useSaveSettings } from '../hooks/useConsciousness';
import { bodyOf, formOf, type SettingsAnswer, type SettingsForm } from '../model/settings';
import { TEXT } from '../model/stream';

const FIELD =
  'h-10 w-full rounded-lg border border-line bg-transparent px-3 text-sm focus-visible:outline-2 focus-visible:outline-accent';

export function StreamSettingsForm({
  settings,
  disabled,
}: {
  settings: SettingsAnswer;
  disabled: boolean;
}) {
  const [form, setForm] = useState<SettingsForm>(() => formOf(settings.config));
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveSettings();
  const id = useId();
  const set = (patch: Partial<SettingsForm>) => setForm((current) => ({ ...current, ...patch }));
  const setFeed = (index: number, patch: Partial<SettingsForm['feeds'][number]>) =>
    set({ feeds: form.feeds.map((feed, i) => (i === index ? { ...feed, ...patch } : feed)) });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const built = bodyOf(form);
    if ('error' in built) {
      setProblem(built.error);
      return;
    }
    setProblem(null);
    save.mutate(built.body);
  };

  return (
    <form
      onSubmit={submit}
      aria-label={TEXT.settings}
      data-testid="stream-settings"
      className="grid gap-3 text-sm"
    >
      <fieldset className="grid gap-2 sm:grid-cols-3">
        <legend className="mb-1 text-xs font-medium text-muted">
          Place (sunrise, sunset, moon, seasons, weather)
        </legend>
        <label className="grid gap-1">
          <span className="text-xs">Place name</span>
          <input
            className={FIELD}
            value={form.placeName}
            maxLength={80}
            onChange={(e) => set({ placeName: e.target.value })}
          />
        </label>
        <label className="grid gap-1">
          <span className="text-xs">Latitude</span>
          <input
            className={FIELD}
            inputMode="decimal"
            value={form.latitude}
            onChange={(e) => set({ latitude: e.target.value })}
          />
        </label>
        <label className="grid gap-1">
          <span className="text-xs">Longitude</span>
          <input
            className={FIELD}
            inputMode="decimal"
            value={form.longitude}
            onChange={(e) => set({ longitude: e.target.value })}
          />
        </label>
      </fieldset>

      <div className="grid gap-2 sm:grid-cols-2">
        <label className="grid gap-1">
          <span className="text-xs">Country (public holidays)</span>
          <select
            className={FIELD}
            value={form.country}
            onChange={(e) => set({ country: e.target.value })}
          >
            <option value="">None</option>
            {settings.countries.map((country) => (
              <option key={country.code} value={country.code}>
                {country.name} ({country.code})
              </option>
            ))}
          </select>
        </label>
        <label className="grid gap-1">
          <span className="text-xs">Update interval (hours)</span>
          <input
            className={FIELD}
            inputMode="decimal"
            value={form.intervalHours}
            onChange={(e) => set({ intervalHours: e.target.value })}
          />
        </label>
      </div>

      <label className="flex items-center gap-2">
        <input
          type="checkbox"
          checked={form.weather}
          onChange={(e) => set({ weather: e.target.checked })}
        />
        <span>Weather from Open-Meteo for the place</span>
      </label>

      <fieldset className="grid gap-2">
        <legend className="mb-1 text-xs font-medium text-muted">
          News and trends feeds (RSS or Atom, http or https)
        </legend>
        {form.feeds.map((feed, index) => (
          <div key={index} className="flex flex-wrap items-center gap-2">
            <input
              aria-label={`Feed ${index + 1} URL`}
              className={`${FIELD} min-w-0 flex-1 basis-56`}
              type="url"
              placeholder="https://…"
              value={feed.url}
              onChange={(e) => setFeed(index, { url: e.target.value })}
            />
            <select
              aria-label={`Feed ${index + 1} kind`}
              className={`${FIELD} w-28`}
              value={feed.kind}
              onChange={(e) =>
                setFeed(index, { kind: e.target.value === 'trends' ? 'trends' : 'news' })
              }
            >
              <option value="news">news</option>
              <option value="trends">trends</option>
            </select>
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Remove feed ${index + 1}`}
              onClick={() => set({ feeds: form.feeds.filter((_, i) => i !== index) })}
            >
              <Trash2 size={16} aria-hidden />
            </Button>
          </div>
        ))}
        <div>
          <Button
            variant="outline"
            size="sm"
            onClick={() => set({ feeds: [...form.feeds, { url: '', kind: 'news' }] })}
          >
            <Plus size={14} aria-hidden />
            Add feed
          </Button>
        </div>
      </fieldset>

      {problem && (
        <p id={`${id}-problem`} role="alert" className="text-red-700 dark:text-red-400">
          {problem}
        </p>
      )}
      <div>
        <Button type="submit" disabled={disabled || save.isPending}>
          Save settings
        </Button>
      </div>
    </form>
  );
}
