// A quiet full-area loading state.
import { Loader2 } from 'lucide-react';

export function LoadingScreen({ label = 'Loading…' }: { label?: string }) {
  return (
    <div role="status" className="grid min-h-[40vh] place-items-center p-8">
      <div className="flex items-center gap-2 text-muted">
        <Loader2 size={20} aria-hidden className="animate-spin" />
        <span>{label}</span>
      </div>
    </div>
  );
}
