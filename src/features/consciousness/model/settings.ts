// The stream's settings form (docs/consciousness.md): what GET /api/consciousness/config answers, the
// form's fields as typed text, and the body PUT sends. The server checks every field (http(s) feeds
// only, a known country, weather needs a place, 5 minutes to 24 hours); the form checks only what it
// must to build a body, and shows the server's own words otherwise.

export type FeedKind = 'news' | 'trends';

export interface StreamSettings {
  place: { name: string; latitude: number; longitude: number } | null;
  country: string | null;
  weather: boolean;
  feeds: { url: string; kind: FeedKind }[];
  updateIntervalMs: number;
}

export interface SettingsAnswer {
  config: StreamSettings;
  canConfigure: boolean;
  canTrigger: boolean;
  countries: { code: string; name: string }[];
}

export interface SettingsForm {
  placeName: string;
  latitude: string;
  longitude: string;
  country: string;
  weather: boolean;
  feeds: { url: string; kind: FeedKind }[];
  intervalHours: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function parseSettings(raw: unknown): SettingsAnswer | null {
  if (!isRecord(raw) || !isRecord(raw.config)) return null;
  const c = raw.config;
  const place = isRecord(c.place)
    ? {
        name: String(c.place.name ?? ''),
        latitude: Number(c.place.latitude),
        longitude: Number(c.place.longitude),
      }
    : null;
  if (typeof c.updateIntervalMs !== 'number' || typeof c.weather !== 'boolean') return null;
  return {
    config: {
      place,
      country: typeof c.country === 'string' ? c.country : null,
      weather: c.weather,
      feeds: Array.isArray(c.feeds)
        ? c.feeds.filter(isRecord).map((feed) => ({
            url: String(feed.url ?? ''),
            kind: feed.kind === 'trends' ? 'trends' : 'news',
          }))
        : [],
      updateIntervalMs: c.updateIntervalMs,
    },
    canConfigure: raw.canConfigure === true,
    canTrigger: raw.canTrigger === true,
    countries: Array.isArray(raw.countries)
      ? raw.countries
          .filter(isRecord)
          .map((country) => ({ code: String(country.code), name: String(country.name) }))
      : [],
  };
}

export function formOf(settings: StreamSettings): SettingsForm {
  return {
    placeName: settings.place?.name ?? '',
    latitude: settings.place ? String(settings.place.latitude) : '',
    longitude: settings.place ? String(settings.place.longitude) : '',
    country: settings.country ?? '',
    weather: settings.weather,
    feeds: settings.feeds.map((feed) => ({ ...feed })),
    intervalHours: String(Math.round((settings.updateIntervalMs / 3_600_000) * 100) / 100),
  };
}

/**
 * Rule 'settings body': an empty place (name and both coordinates blank) is no place; a partly filled one,
 * a coordinate or an interval that is not a number is the form's own error. Empty feed rows are dropped.
 */
export function bodyOf(form: SettingsForm): { body: StreamSettings } | { error: string } {
  const name = form.placeName.trim();
  const lat = form.latitude.trim();
  const lon = form.longitude.trim();
  let place: StreamSettings['place'] = null;
  if (name || lat || lon) {
    const latitude = Number(lat);
    const longitude = Number(lon);
    if (!name || !lat || !lon || !Number.isFinite(latitude) || !Number.isFinite(longitude)) {
      return { error: 'A place needs a name, a latitude and a longitude' };
    }
    place = { name, latitude, longitude };
  }
  const hours = Number(form.intervalHours.trim());
  if (!form.intervalHours.trim() || !Number.isFinite(hours)) {
    return { error: 'The update interval must be a number of hours' };
  }
  return {
    body: {
      place,
      country: form.country.trim() ? form.country.trim().toUpperCase() : null,
      weather: form.weather,
      feeds: form.feeds
        .map((feed) => ({ url: feed.url.trim(), kind: feed.kind }))
        .filter((feed) => feed.url !== ''),
      updateIntervalMs: Math.round(hours * 3_600_000),
    },
  };
}
