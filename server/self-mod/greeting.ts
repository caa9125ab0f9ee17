// The owner's greeting (spec 001 §5 update_greeting) as Kiri says it: the initial greeting of a day is
// the owner's text, its placeholders filled for this owner and this time of day; without one, the
// engine (providers, then the local engine) greets in its own words as before.
import type { Companion, CompanionInput } from '../companion';
import { dayPartLabel, dayPartOf, hourIn } from '../../src/engine/companion/time';
import { tidy } from '../../src/engine/companion/text';

/** The `provider` of a greeting the owner wrote: no engine made it. */
export const OWNER_GREETING_PROVIDER = 'owner-greeting';

export interface GreetingValues {
  name: string | null;
  persona: string;
  /** 'morning', 'afternoon', 'evening' or 'late night'. */
  part: string;
}

/** The part of the day at `now` in `timeZone`, as the engine names it (src/engine/companion/time.ts). */
export function dayPartAt(now: number, timeZone: string): string {
  return dayPartLabel(dayPartOf(hourIn(now, timeZone)));
}

/**
 * Rule 'greeting placeholders': {name}, {persona} and {part} are filled; without a name, {name} goes with
 * the comma or space that joined it ('Good {part}, {name}!' → 'Good morning!').
 */
export function renderGreeting(text: string, values: GreetingValues): string {
  const name = values.name ? tidy(values.name) : '';
  let out = text;
  if (name) out = out.split('{name}').join(name);
  else {
    out = out
      .split(/,? ?\{name\} ?,?/)
      .map((piece) => piece.trim())
      .filter((piece, index, all) => piece !== '' || index === all.length - 1)
      .join(' ');
  }
  out = out.split('{persona}').join(values.persona).split('{part}').join(values.part);
  return out
    .replace(/ +([!?.,])/g, '$1')
    .replace(/ {2,}/g, ' ')
    .trim();
}

/**
 * The companion, except that a day's initial greeting in the chat is the owner's greeting while one is
 * set (read per request, so an update is heard on the very next greeting).
 */
export function withOwnerGreeting(
  companion: Companion,
  ownerGreeting: () => string | null,
): Companion {
  return {
    reply: (input: CompanionInput) => {
      const text =
        input.isInitialGreeting && input.context !== 'manual_console' ? ownerGreeting() : null;
      if (text === null) return companion.reply(input);
      const said = renderGreeting(text, {
        name: input.userName,
        persona: tidy(input.personaName) || 'Kiri',
        part: dayPartAt(input.now, input.timeZone),
      });
      return Promise.resolve({
        parts: [said],
        provider: OWNER_GREETING_PROVIDER,
        remember: null,
        intent: 'initial_greeting',
        feeling: null,
      });
    },
    health: () => companion.health(),
  };
}
