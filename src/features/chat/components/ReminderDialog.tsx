// 'Set Reminder' (issue 10, spec 000 §8): asks when, stores the reminder on the device and sends it
// through the outbox; 'Reminder set' confirms with the first 50 characters of the message. Loaded
// when first opened.
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { db } from '@/db/db';
import { createReminder } from '@/db/reminders';
import type { MessageRow } from '@/db/schema';
import { chosenDueAt, inputValueAt, presetDueAt, REMINDER_HOUR_MS } from '@/domain/reminder-time';
import { uuidv7 } from '@/domain/uuidv7';
import { requestReplay } from '@/lib/outbox-sync';
import { Button } from '@/ui/Button';
import { Dialog } from '@/ui/Dialog';
import { toast } from '@/ui/use-toast';
import { reminderPreview } from '../model/message-menu';
import {
  PENDING_REMINDERS_PATH,
  REMINDER_DIALOG_TEXT as TEXT,
  presetOptions,
  showZoneNote,
  type ReminderChoice,
} from '../model/reminder-dialog';
import { TOAST_TEXT } from '../model/texts';

export interface ReminderDialogProps {
  row: MessageRow;
  /** The owner's zone (TIME_ZONE on the server, kept on the device). */
  timeZone: string;
  onClose: () => void;
}

function deviceZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** Sets the reminder; resolves to an error for the form, or null once it is stored and queued. */
async function setReminder(
  row: MessageRow,
  choice: ReminderChoice,
  custom: string,
  timeZone: string,
): Promise<string | null> {
  const now = Date.now();
  let dueAt: number;
  if (choice === 'custom') {
    const chosen = chosenDueAt(custom, now, timeZone);
    if (!chosen.ok) return chosen.error;
    dueAt = chosen.dueAt;
  } else {
    dueAt = presetDueAt(choice, now, timeZone);
  }
  try {
    await createReminder(
      db,
      {
        id: uuidv7(now),
        text: row.message,
        dueAt: new Date(dueAt).toISOString(),
        messageId: row.id,
      },
      now,
    );
  } catch (error) {
    console.error('Could not store the reminder', error);
    toast({ title: TEXT.notSaved, description: TEXT.notSavedBody, variant: 'destructive' });
    return null;
  }
  requestReplay();
  toast({ title: TOAST_TEXT.reminderSet, description: reminderPreview(row.message) });
  return null;
}

export default function ReminderDialog({ row, timeZone, onClose }: ReminderDialogProps) {
  // The choices read the clock as the dialog opens; the due time itself is computed on confirm.
  const [openedAt] = useState(() => Date.now());
  const [choice, setChoice] = useState<ReminderChoice>('in-an-hour');
  const [custom, setCustom] = useState(() => inputValueAt(openedAt + REMINDER_HOUR_MS, timeZone));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [zone] = useState(deviceZone);
  const name = useId();
  const errorId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    const problem = await setReminder(row, choice, custom, timeZone);
    setSaving(false);
    if (problem) setError(problem);
    else onClose();
  };

  const radio = 'h-4 w-4 accent-accent';
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={TEXT.title}
      description={`“${reminderPreview(row.message)}”`}
    >
      <form className="grid gap-4" onSubmit={(event) => void submit(event)} noValidate>
        <fieldset className="grid gap-2">
          <legend className="mb-1 font-medium">{TEXT.when}</legend>
          {presetOptions(openedAt, timeZone).map((option) => (
            <label key={option.preset} className="flex items-center gap-3">
              <input
                type="radio"
                name={name}
                value={option.preset}
                checked={choice === option.preset}
                onChange={() => {
                  setChoice(option.preset);
                  setError(null);
                }}
                className={radio}
              />
              <span className="flex-1">{option.label}</span>
              <span className="text-sm text-muted">{option.when}</span>
            </label>
          ))}
          <label className="flex items-center gap-3">
            <input
              type="radio"
              name={name}
              value="custom"
              checked={choice === 'custom'}
              onChange={() => {
                setChoice('custom');
                setError(null);
              }}
              className={radio}
            />
            <span className="flex-1">{TEXT.custom}</span>
          </label>
          {choice === 'custom' && (
            <input
              type="datetime-local"
              aria-label={TEXT.customInput}
              aria-invalid={error !== null}
              aria-describedby={error ? errorId : undefined}
              value={custom}
              min={inputValueAt(openedAt, timeZone)}
              onChange={(event) => {
                setCustom(event.target.value);
                setError(null);
              }}
              className="ml-7 h-10 rounded-lg border border-line bg-transparent px-3"
            />
          )}
          {error && (
            <p id={errorId} role="alert" className="text-sm text-red-600 dark:text-red-400">
              {error}
            </p>
          )}
          {showZoneNote(timeZone, zone) && (
            <p className="text-sm text-muted">{TEXT.zoneNote(timeZone)}</p>
          )}
        </fieldset>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Link
            to={PENDING_REMINDERS_PATH}
            onClick={onClose}
            className="text-sm text-accent underline-offset-4 hover:underline"
          >
            {TEXT.pending}
          </Link>
          <div className="flex gap-2">
            <Button variant="outline" onClick={onClose}>
              {TEXT.cancel}
            </Button>
            <Button type="submit" disabled={saving}>
              {TEXT.confirm}
            </Button>
          </div>
        </div>
      </form>
    </Dialog>
  );
}
