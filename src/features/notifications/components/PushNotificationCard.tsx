// The push notification card (spec 002 "Push notification card", §4, §5, §8). It has no route of its
// own: the sleep-mode screen places it (its route element in src/app passes it in, since features do
// not import each other). On an iPhone outside the Home Screen app it says how to install Kiri.
import { Bell, BellOff, Send, Share, ShieldAlert } from 'lucide-react';
import { Button } from '@/ui/Button';
import { cn } from '@/ui/cn';
import type { PushDevice } from '../api/push-device';
import { usePushCard } from '../hooks/usePushCard';
import { pushCardView } from '../model/push-support';
import { PUSH_TEXT } from '../model/texts';

const CARD = 'grid gap-3 rounded-2xl border border-accent-line/70 bg-panel p-4';
/** A button whose label may break inside a word: at 200% text 'Notifications' is wider than the card. */
const wrapping = 'max-w-full wrap-anywhere';

export function PushNotificationCard({
  device,
  className,
}: {
  /** The browser's push, notifications and worker; tests pass a fake. */
  device?: PushDevice;
  className?: string;
}) {
  const card = usePushCard(device);
  const view = pushCardView({
    support: card.support,
    permission: card.permission,
    subscribed: card.subscribed === true,
    busy: card.busy || card.subscribed === null,
  });

  return (
    <section aria-labelledby="push-card-title" className={cn(CARD, className)} data-push-card>
      <header className="flex flex-wrap items-center gap-2">
        <Bell size={20} aria-hidden />
        <h2 id="push-card-title" className="text-lg font-semibold">
          {PUSH_TEXT.title}
        </h2>
        {view.badge && (
          <span
            className={cn(
              'rounded-full px-2 py-0.5 text-xs font-medium',
              view.badge === 'Enabled'
                ? 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/40 dark:text-emerald-200'
                : 'bg-red-100 text-red-800 dark:bg-red-900/40 dark:text-red-200',
            )}
          >
            {view.badge === 'Enabled' ? PUSH_TEXT.enabled : PUSH_TEXT.blocked}
          </span>
        )}
      </header>

      {card.support === 'unsupported' && (
        <div role="status" className="grid gap-1">
          <p className="font-medium">{PUSH_TEXT.unsupported}</p>
          <p className="text-sm text-muted">{PUSH_TEXT.unsupportedDetail}</p>
        </div>
      )}

      {card.support === 'needs-home-screen' && (
        <div role="status" className="grid gap-2">
          <p className="font-medium">{PUSH_TEXT.homeScreenTitle}</p>
          <p className="text-sm">{PUSH_TEXT.homeScreenIntro}</p>
          <ol className="list-decimal space-y-1 pl-5 text-sm">
            {PUSH_TEXT.homeScreenSteps.map((step, index) => (
              <li key={step}>
                {index === 0 ? (
                  <span className="inline-flex items-center gap-1">
                    {step} <Share size={14} aria-hidden />
                  </span>
                ) : (
                  step
                )}
              </li>
            ))}
          </ol>
        </div>
      )}

      {card.support === 'supported' && (
        <>
          <p className="text-sm text-muted">{PUSH_TEXT.description}</p>
          <div className="grid gap-1">
            <h3 className="text-sm font-medium">{PUSH_TEXT.expectTitle}</h3>
            <ul className="list-disc space-y-0.5 pl-5 text-sm">
              {PUSH_TEXT.expect.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </div>

          {view.deniedWarning && (
            <p
              role="alert"
              className="flex gap-2 rounded-lg bg-amber-100 p-3 text-sm text-amber-900 dark:bg-amber-900/40 dark:text-amber-100"
            >
              <ShieldAlert size={18} aria-hidden className="shrink-0" />
              {PUSH_TEXT.denied}
            </p>
          )}

          {card.waiting && (
            <p role="status" className="text-sm text-muted">
              {PUSH_TEXT.waiting}
            </p>
          )}

          {/* At 200% text 'Notifications' is wider than the card: a label wraps, the button grows. */}
          <div className="flex flex-wrap gap-2">
            {view.showEnable && (
              <Button onClick={card.enable} disabled={view.enableDisabled} className={wrapping}>
                <Bell size={18} aria-hidden />
                {card.busy ? PUSH_TEXT.enabling : PUSH_TEXT.enable}
              </Button>
            )}
            {view.showTest && (
              <Button
                variant="outline"
                onClick={card.sendTest}
                disabled={card.busy}
                className={wrapping}
              >
                <Send size={18} aria-hidden />
                {PUSH_TEXT.test}
              </Button>
            )}
            {view.showDisable && (
              <Button
                variant="outline"
                onClick={card.disable}
                disabled={card.busy}
                className={wrapping}
              >
                <BellOff size={18} aria-hidden />
                {PUSH_TEXT.disable}
              </Button>
            )}
          </div>
        </>
      )}
    </section>
  );
}

export default PushNotificationCard;
