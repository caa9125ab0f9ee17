// The pending reminders, with Cancel (issue 10): in the sleep mode screen's notifications part, and
// reached from the message menu's 'Set Reminder' dialog (/sleep-mode#reminders).
import { useEffect, useRef } from 'react';
import { BellRing } from 'lucide-react';
import { useLocation } from 'react-router';
import { db } from '@/db/db';
import { cancelReminder, dismissReminder } from '@/db/reminders';
import { dueLabel } from '@/domain/reminder-time';
import { reminderSyncNote } from '@/domain/reminders';
import { requestReplay } from '@/lib/outbox-sync';
import { useTimeZone } from '@/lib/use-time-zone';
import { Button } from '@/ui/Button';
import { toast } from '@/ui/use-toast';
import { usePendingReminders } from '../hooks/usePendingReminders';
import { REMINDER_LIST_TEXT } from '../model/texts';
import { Card } from './Card';

export const REMINDERS_ANCHOR = 'reminders';

async function cancel(id: string): Promise<void> {
  const queued = await cancelReminder(db, id, Date.now());
  if (queued) requestReplay();
  toast({ title: REMINDER_LIST_TEXT.cancelled });
}

export function PendingReminders() {
  const { rows, serverFailed, now } = usePendingReminders();
  const timeZone = useTimeZone();
  const { hash } = useLocation();
  const ref = useRef<HTMLDivElement>(null);
  const loaded = rows !== undefined;
  // Opened from the reminder dialog's link: the list comes into view once it has rows to show.
  useEffect(() => {
    if (hash === `#${REMINDERS_ANCHOR}` && loaded)
      ref.current?.scrollIntoView?.({ block: 'start' });
  }, [hash, loaded]);

  return (
    <div id={REMINDERS_ANCHOR} ref={ref} className="scroll-mt-20">
      <Card
        labelledBy="reminders-title"
        title={REMINDER_LIST_TEXT.title}
        icon={<BellRing size={18} aria-hidden />}
      >
        {rows === undefined ? null : rows.length === 0 ? (
          <p className="text-muted">{REMINDER_LIST_TEXT.empty}</p>
        ) : (
          <ul aria-label={REMINDER_LIST_TEXT.title} className="grid gap-2">
            {rows.map((row) => {
              const note = reminderSyncNote(row);
              return (
                <li
                  key={row.id}
                  data-reminder-id={row.id}
                  data-sync={row.sync}
                  className="flex items-start gap-3 rounded-xl border border-line p-3"
                >
                  <div className="grid min-w-0 flex-1 gap-0.5">
                    <p className="break-words">{row.text}</p>
                    <p className="text-sm text-muted">
                      <time dateTime={row.dueAt}>
                        {dueLabel(Date.parse(row.dueAt), now, timeZone ?? 'UTC')}
                      </time>
                    </p>
                    {note && <p className="text-sm text-amber-700 dark:text-amber-300">{note}</p>}
                  </div>
                  {row.sync === 'refused' ? (
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => void dismissReminder(db, row.id)}
                    >
                      {REMINDER_LIST_TEXT.dismiss}
                    </Button>
                  ) : row.sync !== 'cancelling' ? (
                    <Button
                      size="sm"
                      variant="outline"
                      aria-label={`${REMINDER_LIST_TEXT.cancel} reminder: ${row.text.slice(0, 50)}`}
                      onClick={() => void cancel(row.id)}
                    >
                      {REMINDER_LIST_TEXT.cancel}
                    </Button>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
        {serverFailed && (
          <p className="text-sm text-muted">{REMINDER_LIST_TEXT.fromServerFailed}</p>
        )}
      </Card>
    </div>
  );
}
