// A card of the sleep mode screen: a titled panel.
import type { ReactNode } from 'react';
import { cn } from '@/ui/cn';

export function Card({
  title,
  icon,
  children,
  className,
  labelledBy,
}: {
  title: ReactNode;
  icon?: ReactNode;
  children?: ReactNode;
  className?: string;
  labelledBy: string;
}) {
  return (
    <section
      aria-labelledby={labelledBy}
      className={cn('grid gap-3 rounded-2xl border border-line bg-panel p-4 shadow-sm', className)}
    >
      <h2 id={labelledBy} className="flex items-center gap-2 text-lg font-semibold wrap-anywhere">
        {icon}
        {title}
      </h2>
      {children}
    </section>
  );
}
