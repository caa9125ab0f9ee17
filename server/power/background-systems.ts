// The registry of what runs in the background, so GET /api/sleep-mode/status names what really runs and
// what a power state pauses. Each feature registers its systems where it is built.
import type { PowerState } from './power-rules';

export interface BackgroundSystem {
  /** kebab-case, e.g. 'silence-nudge': the status screen turns dashes into spaces and title-cases. */
  id: string;
  /** Whether the system runs in this state. */
  runsIn: (state: PowerState) => boolean;
  /** A system switched off by a setting is neither active nor paused. */
  enabled?: () => boolean;
}

/** 'silence-nudge' → 'silenceNudge': the screen splits paused names at their capitals. */
export function camelCaseOf(id: string): string {
  return id.replace(/-(\p{L})/gu, (_, letter: string) => letter.toUpperCase());
}

export class BackgroundSystems {
  private readonly systems = new Map<string, BackgroundSystem>();

  register(system: BackgroundSystem): void {
    this.systems.set(system.id, system);
  }

  /** Active systems by id (kebab-case), paused ones in camelCase, as spec 002 §2 formats each list. */
  listFor(state: PowerState): { activeSystems: string[]; pausedSystems: string[] } {
    const activeSystems: string[] = [];
    const pausedSystems: string[] = [];
    for (const system of this.systems.values()) {
      if (system.enabled && !system.enabled()) continue;
      if (system.runsIn(state)) activeSystems.push(system.id);
      else pausedSystems.push(camelCaseOf(system.id));
    }
    return { activeSystems, pausedSystems };
  }

  /**
   * One system's state in a power state: 'active' (runs), 'paused' (the state stops it), 'off' (a setting
   * switched it off), 'unknown' (never registered). Read by the system tree (server/system-tree).
   */
  stateOf(id: string, state: PowerState): 'active' | 'paused' | 'off' | 'unknown' {
    const system = this.systems.get(id);
    if (!system) return 'unknown';
    if (system.enabled && !system.enabled()) return 'off';
    return system.runsIn(state) ? 'active' : 'paused';
  }
}
