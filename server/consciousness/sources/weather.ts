// Source 'weather': the current weather at the configured place from Open-Meteo (no key needed), only
// when the owner turned weather on. The answer is checked; a malformed or missing one is skipped.
import { z } from 'zod';
import type { Place } from '../consciousness-store';
import { fetchCapped, type FetchLike } from './fetch-capped';
import type { SourceAnswer } from './source-types';

export const OPEN_METEO_BASE_URL = 'https://api.open-meteo.com';

/** The forecast call for a place: current temperature, weather code and wind. */
export function openMeteoUrl(place: Place, baseUrl = OPEN_METEO_BASE_URL): string {
  const url = new URL('/v1/forecast', baseUrl);
  url.searchParams.set('latitude', String(place.latitude));
  url.searchParams.set('longitude', String(place.longitude));
  url.searchParams.set('current', 'temperature_2m,weather_code,wind_speed_10m');
  url.searchParams.set('timezone', 'auto');
  return url.toString();
}

const answerSchema = z.object({
  current: z.object({
    time: z.string().min(1),
    temperature_2m: z.number(),
    weather_code: z.number().int(),
    wind_speed_10m: z.number(),
  }),
});

/** Rule 'weather code': WMO 4677 codes as Open-Meteo documents them. */
export function weatherWords(code: number): string {
  if (code === 0) return 'clear sky';
  if (code <= 2) return 'partly cloudy';
  if (code === 3) return 'overcast';
  if (code === 45 || code === 48) return 'fog';
  if (code >= 51 && code <= 57) return 'drizzle';
  if (code >= 61 && code <= 67) return code >= 65 ? 'heavy rain' : 'rain';
  if (code >= 71 && code <= 77) return 'snow';
  if (code >= 80 && code <= 82) return 'rain showers';
  if (code === 85 || code === 86) return 'snow showers';
  if (code >= 95) return 'thunderstorm';
  return `weather code ${code}`;
}

export async function readWeatherSource(input: {
  place: Place | null;
  enabled: boolean;
  baseUrl?: string;
  fetch?: FetchLike;
}): Promise<SourceAnswer> {
  if (!input.enabled) return { kind: 'not-configured', reason: 'Weather is off' };
  if (!input.place) return { kind: 'not-configured', reason: 'Weather needs a place' };
  let text: string;
  try {
    text = await fetchCapped(openMeteoUrl(input.place, input.baseUrl), {
      fetch: input.fetch,
      accept: 'application/json',
    });
  } catch (error) {
    return { kind: 'skipped', reason: `Open-Meteo ${(error as Error).message}` };
  }
  let parsed: z.infer<typeof answerSchema>;
  try {
    parsed = answerSchema.parse(JSON.parse(text));
  } catch {
    return { kind: 'skipped', reason: 'Open-Meteo answered something that is not a forecast' };
  }
  const { current } = parsed;
  return {
    kind: 'entries',
    candidates: [
      {
        key: `weather:${input.place.name}:${current.time}`,
        type: 'weather',
        content: `${input.place.name}: ${Math.round(current.temperature_2m)} °C, ${weatherWords(current.weather_code)}, wind ${Math.round(current.wind_speed_10m)} km/h.`,
        source: 'Open-Meteo',
      },
    ],
  };
}
