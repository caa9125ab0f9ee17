// The round back arrow at the top left of a screen, back to the chat by default: one look and one touch
// target (40 px) on every screen that has one.
import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';

export function BackLink({ label, to = '/' }: { label: string; to?: string }) {
  return (
    <Link
      to={to}
      aria-label={label}
      className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-lg hover:bg-stone-100 dark:hover:bg-stone-800"
    >
      <ArrowLeft size={20} aria-hidden />
    </Link>
  );
}
