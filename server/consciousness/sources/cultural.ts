// Source 'cultural': the public holidays of the configured country, from date-holidays (its rules ship
// inside the package; nothing is downloaded). Today's holiday, else the next one.
import Holidays from 'date-holidays';
import { sessionIdAt } from '../../../src/domain/day-session';
import { daysBetween, inDays, type SourceAnswer } from './source-types';

/** The countries date-holidays knows, code → English name (read once). */
let countries: Record<string, string> | null = null;
export function holidayCountries(): Record<string, string> {
  countries ??= new Holidays().getCountries('en');
  return countries;
}

export function isKnownCountry(code: string): boolean {
  return Object.hasOwn(holidayCountries(), code);
}

interface PublicHoliday {
  name: string;
  /** yyyy-MM-dd in the country's own calendar. */
  day: string;
}

function publicHolidays(holidays: Holidays, year: number): PublicHoliday[] {
  return holidays
    .getHolidays(year, 'en')
    .filter((holiday) => holiday.type === 'public')
    .map((holiday) => ({ name: holiday.name, day: holiday.date.slice(0, 10) }));
}

export function readCulturalSource(input: {
  now: number;
  country: string | null;
  timeZone: string;
}): SourceAnswer {
  if (!input.country) return { kind: 'not-configured', reason: 'No country set' };
  const holidays = new Holidays(input.country);
  const countryName = holidayCountries()[input.country] ?? input.country;
  const today = sessionIdAt(input.now, input.timeZone);
  const year = Number(today.slice(0, 4));
  const all = [...publicHolidays(holidays, year), ...publicHolidays(holidays, year + 1)];
  // Two holidays on one day (a substitute day, two calendars) are one entry.
  const todays = [...new Set(all.filter((h) => h.day === today).map((h) => h.name))];
  const source = `Public holidays of ${countryName} (date-holidays)`;
  if (todays.length > 0) {
    const names = todays.join(' and ');
    return {
      kind: 'entries',
      candidates: [
        {
          key: `cultural:today:${today}:${names}`,
          type: 'cultural',
          content: `Today is ${names}, a public holiday in ${countryName}.`,
          source,
        },
      ],
    };
  }
  const next = all.find((h) => h.day > today);
  if (!next) {
    return {
      kind: 'entries',
      candidates: [],
      emptyReason: `No public holiday known for ${countryName}`,
    };
  }
  const days = daysBetween(today, next.day);
  const [, m, d] = next.day.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(2000, m - 1, d)).toLocaleDateString('en-GB', {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'short',
  });
  return {
    kind: 'entries',
    candidates: [
      {
        key: `cultural:next:${next.day}:${next.name}`,
        type: 'cultural',
        content: `Next public holiday in ${countryName}: ${next.name} on ${date}, ${inDays(days)}.`,
        source,
      },
    ],
  };
}
