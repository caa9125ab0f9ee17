// The 'Set Reminder' dialog's choices (issue 10): in an hour, this evening, tomorrow morning, or a
// chosen date and time, each shown with the time it means in the owner's zone.
import {
  dueLabel,
  eveningIsTomorrow,
  presetDueAt,
  type ReminderPreset,
} from '@/domain/reminder-time';

export type ReminderChoice = ReminderPreset | 'custom';

export interface PresetOption {
  preset: ReminderPreset;
  label: string;
  /** When it would be due if set now, as the owner reads it. */
  when: string;
}

export const REMINDER_DIALOG_TEXT = {
  title: 'Set Reminder',
  when: 'When?',
  custom: 'A date and time',
  customInput: 'Reminder date and time',
  zoneNote: (zone: string) => `Times are in ${zone}.`,
  confirm: 'Set Reminder',
  cancel: 'Cancel',
  pending: 'See pending reminders',
  notSaved: 'Reminder not set',
  notSavedBody: 'It could not be saved on this device. Try again.',
} as const;

/** Where the pending reminders are listed: the notifications part of the sleep mode screen. */
export const PENDING_REMINDERS_PATH = '/sleep-mode#reminders';

/** The preset choices at `now`. After 20:00, 'This evening' is tomorrow's and says so. */
export function presetOptions(now: number, timeZone: string): PresetOption[] {
  const option = (preset: ReminderPreset, label: string): PresetOption => ({
    preset,
    label,
    when: dueLabel(presetDueAt(preset, now, timeZone), now, timeZone),
  });
  return [
    option('in-an-hour', 'In an hour'),
    option('this-evening', eveningIsTomorrow(now, timeZone) ? 'Tomorrow evening' : 'This evening'),
    option('tomorrow-morning', 'Tomorrow morning'),
  ];
}

/** Whether to tell the owner which zone the times are in: only when the phone keeps another. */
export function showZoneNote(ownerZone: string, deviceZone: string | undefined): boolean {
  return deviceZone !== undefined && deviceZone !== ownerZone;
}
