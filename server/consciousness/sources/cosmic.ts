// Source 'cosmic', computed on this machine by astronomy-engine (no network): the moon's phase and
// light, the day's sunrise and sunset at the configured place, and the next solstice or equinox.
// Times are shown in the owner's zone (TIME_ZONE).
import {
  Body,
  Illumination,
  MoonPhase,
  Observer,
  SearchMoonPhase,
  SearchRiseSet,
  Seasons,
} from 'astronomy-engine';
import { sessionIdAt } from '../../../src/domain/day-session';
import type { Place } from '../consciousness-store';
import {
  clockTime,
  daysBetween,
  inDays,
  shortDate,
  type Candidate,
  type SourceAnswer,
} from './source-types';

const DAY_MS = 86_400_000;

/** Rule 'moon phase name': the eight names, each 45° of the moon's ecliptic angle from the sun. */
export function moonPhaseName(angle: number): string {
  const names = [
    'New moon',
    'Waxing crescent',
    'First quarter',
    'Waxing gibbous',
    'Full moon',
    'Waning gibbous',
    'Last quarter',
    'Waning crescent',
  ];
  const normalised = ((angle % 360) + 360) % 360;
  return names[Math.floor((normalised + 22.5) / 45) % 8]!;
}

function moonEntry(now: number, timeZone: string): Candidate {
  const date = new Date(now);
  const name = moonPhaseName(MoonPhase(date));
  const lit = Math.round(Illumination(Body.Moon, date).phase_fraction * 100);
  const full = SearchMoonPhase(180, date, 40);
  const fresh = SearchMoonPhase(0, date, 40);
  const next =
    full && (!fresh || full.date.getTime() <= fresh.date.getTime())
      ? { label: 'full moon', at: full.date }
      : fresh
        ? { label: 'new moon', at: fresh.date }
        : null;
  const nextText = next ? `; ${next.label} on ${shortDate(next.at, timeZone)}` : '';
  return {
    key: `cosmic:moon:${name}:${next ? sessionIdAt(next.at, timeZone) : ''}`,
    type: 'cosmic',
    content: `${name}, ${lit}% lit${nextText}.`,
    source: 'Moon (astronomy-engine)',
  };
}

function sunEntry(now: number, place: Place, timeZone: string): Candidate {
  // The place's own day: from its solar midnight (longitude / 15 hours off UTC).
  const offset = (place.longitude / 15) * 3_600_000;
  const dayStart = Math.floor((now + offset) / DAY_MS) * DAY_MS - offset;
  const observer = new Observer(place.latitude, place.longitude, 0);
  const rise = SearchRiseSet(Body.Sun, observer, +1, new Date(dayStart), 1);
  // The set that follows the rise (the day's light), or the day's set when the sun does not rise.
  const set = SearchRiseSet(Body.Sun, observer, -1, rise ? rise.date : new Date(dayStart), 1);
  const dayId = new Date(dayStart + offset).toISOString().slice(0, 10);
  let content: string;
  if (rise && set) {
    const riseAt = rise.date.getTime();
    const setAt = set.date.getTime();
    const daylight = Math.round((setAt - riseAt) / 60_000);
    const hours = Math.floor(daylight / 60);
    const minutes = daylight % 60;
    content = `In ${place.name} the sun rises at ${clockTime(riseAt, timeZone)} and sets at ${clockTime(setAt, timeZone)} (${hours} h ${String(minutes).padStart(2, '0')} min of daylight).`;
  } else if (!rise && !set) {
    // No rise and no set within the day: the sun stays up (polar day) or down (polar night).
    const noon = new Date(dayStart + DAY_MS / 2);
    const up = SearchRiseSet(Body.Sun, observer, -1, noon, 0.5) !== null;
    content = up
      ? `In ${place.name} the sun does not set today (polar day).`
      : `In ${place.name} the sun does not rise today (polar night).`;
  } else {
    content = rise
      ? `In ${place.name} the sun rises at ${clockTime(rise.date, timeZone)} and does not set today.`
      : `In ${place.name} the sun sets at ${clockTime(set!.date, timeZone)} and does not rise today.`;
  }
  return {
    key: `cosmic:sun:${place.name}:${dayId}`,
    type: 'cosmic',
    content,
    source: `Sun at ${place.name} (astronomy-engine)`,
  };
}

/** Rule 'next season': the next solstice or equinox from today on (today's counts as today). */
export function nextSeasonEvent(
  now: number,
  timeZone: string,
): { name: string; at: Date; days: number } {
  const today = sessionIdAt(now, timeZone);
  const year = Number(today.slice(0, 4));
  for (const y of [year, year + 1]) {
    const s = Seasons(y);
    const events = [
      { name: 'March equinox', at: s.mar_equinox.date },
      { name: 'June solstice', at: s.jun_solstice.date },
      { name: 'September equinox', at: s.sep_equinox.date },
      { name: 'December solstice', at: s.dec_solstice.date },
    ];
    for (const event of events) {
      const days = daysBetween(today, sessionIdAt(event.at, timeZone));
      if (days >= 0) return { ...event, days };
    }
  }
  throw new Error('no solstice or equinox within two years');
}

function seasonEntry(now: number, place: Place, timeZone: string): Candidate {
  const event = nextSeasonEvent(now, timeZone);
  const north = place.latitude >= 0;
  const meaning = event.name.endsWith('equinox')
    ? 'day and night of about equal length'
    : (event.name === 'June solstice') === north
      ? `the longest day of the year in ${place.name}`
      : `the shortest day of the year in ${place.name}`;
  const when =
    event.days === 0
      ? `Today is the ${event.name}`
      : `The ${event.name} is ${inDays(event.days)}, on ${shortDate(event.at, timeZone)}`;
  return {
    key: `cosmic:season:${event.name}:${sessionIdAt(event.at, timeZone)}:${event.days === 0 ? 'today' : 'ahead'}`,
    type: 'cosmic',
    content: `${when}: ${meaning}.`,
    source: 'Seasons (astronomy-engine)',
  };
}

export function readCosmicSource(input: {
  now: number;
  place: Place | null;
  timeZone: string;
}): SourceAnswer {
  if (!input.place) return { kind: 'not-configured', reason: 'No place set' };
  return {
    kind: 'entries',
    candidates: [
      moonEntry(input.now, input.timeZone),
      sunEntry(input.now, input.place, input.timeZone),
      seasonEntry(input.now, input.place, input.timeZone),
    ],
  };
}
