// Kiri's small round mark: a warm gradient with the persona's initial.
import { cn } from '@/ui/cn';

export function KiriAvatar({
  name,
  size = 28,
  className,
}: {
  name: string;
  size?: number;
  className?: string;
}) {
  return (
    <span
      aria-hidden
      className={cn(
        'inline-flex shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-amber-300 via-rose-300 to-accent font-semibold text-white shadow-sm ring-2 ring-white/70 select-none dark:ring-stone-900/70',
        className,
      )}
      style={{ width: size, height: size, fontSize: Math.round(size * 0.45) }}
    >
      {name.slice(0, 1).toUpperCase()}
    </span>
  );
}
