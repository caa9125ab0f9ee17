// /screen-settings, /settings/screen (spec 002 "Screen settings"): font size and background colour,
// kept on this device and applied at once (and before the first paint of every later visit:
// ui/screen-dom.ts, called by the entry). The rules are in domain/screen-settings.ts.
import type { ReactNode } from 'react';
import { Check } from 'lucide-react';
import {
  DEFAULT_FONT_SIZE,
  DEFAULT_WALLPAPER,
  FONT_SIZES,
  FONT_SIZE_PX,
  type FontSize,
} from '@/domain/screen-settings';
import { Button } from '@/ui/Button';
import { Page } from '@/ui/Page';
import {
  resetScreenSettings,
  setFontSize,
  setWallpaper,
  useScreenSettings,
} from '@/ui/screen-settings';
import { useTheme } from '@/ui/theme';
import { FONT_SIZE_LABELS, WALLPAPERS, wallpaperName } from '../model/names';

function Group({
  legend,
  hint,
  children,
}: {
  legend: string;
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <fieldset className="grid gap-3 rounded-xl border border-line bg-panel p-4">
      <legend className="px-1 font-semibold">{legend}</legend>
      {hint && <p className="text-sm text-muted">{hint}</p>}
      {children}
    </fieldset>
  );
}

const OPTION =
  'flex cursor-pointer flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-line px-3 py-2 has-[:checked]:border-accent has-[:checked]:bg-accent-soft has-[:checked]:text-on-accent-soft has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-accent';

export function ScreenSettingsPage() {
  const settings = useScreenSettings();
  const { theme, setTheme } = useTheme();
  const isDefault =
    settings.fontSize === DEFAULT_FONT_SIZE && settings.wallpaper === DEFAULT_WALLPAPER;

  const chooseWallpaper = (color: string) => {
    // The colours are the dark theme's page: in the light theme the choice would not show.
    if (theme !== 'dark') setTheme('dark');
    setWallpaper(color);
  };

  return (
    <Page title="Screen Settings" subtitle="Font size and background colour, kept on this device.">
      <Group legend="Font Size">
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          {FONT_SIZES.map((size: FontSize) => (
            <label key={size} className={OPTION}>
              <input
                type="radio"
                name="font-size"
                className="accent-accent"
                checked={settings.fontSize === size}
                onChange={() => setFontSize(size)}
              />
              <span className="min-w-0 flex-1">
                {FONT_SIZE_LABELS[size]} ({FONT_SIZE_PX[size]}px)
              </span>
              {size === DEFAULT_FONT_SIZE && <span className="text-sm text-muted">Default</span>}
            </label>
          ))}
        </div>
        <p className="rounded-lg bg-page p-3 text-sm" data-testid="font-size-preview">
          This is how text looks at {FONT_SIZE_PX[settings.fontSize]}px: the chat, the menus and
          every page follow it.
        </p>
      </Group>

      <Group
        legend="Background Colour"
        hint={
          theme === 'dark'
            ? 'The page behind the chat and every screen.'
            : 'These colours are for the dark theme: choosing one switches to it.'
        }
      >
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          {WALLPAPERS.map((wallpaper, index) => {
            const chosen = settings.wallpaper === wallpaper.color;
            return (
              <label key={wallpaper.color} className={OPTION}>
                <input
                  type="radio"
                  name="wallpaper"
                  className="sr-only"
                  checked={chosen && theme === 'dark'}
                  onChange={() => chooseWallpaper(wallpaper.color)}
                />
                <span
                  aria-hidden
                  className="inline-flex size-8 shrink-0 items-center justify-center rounded-md border border-stone-500/50 text-white"
                  style={{ backgroundColor: wallpaper.color }}
                >
                  {chosen && <Check size={16} />}
                </span>
                <span className="min-w-0 flex-1">
                  {wallpaper.name}{' '}
                  <span className="font-mono text-sm text-muted">{wallpaper.color}</span>
                </span>
                {index === 0 && <span className="text-sm text-muted">Default</span>}
              </label>
            );
          })}
        </div>
      </Group>

      <div className="flex flex-wrap items-center gap-3">
        <Button variant="outline" onClick={resetScreenSettings} disabled={isDefault}>
          Reset to Defaults
        </Button>
        <p className="text-sm text-muted" aria-live="polite">
          {FONT_SIZE_LABELS[settings.fontSize]} text, {wallpaperName(settings.wallpaper)} background
          {theme === 'dark' ? '' : ' (shown in the dark theme)'}.
        </p>
      </div>
    </Page>
  );
}

export default ScreenSettingsPage;
