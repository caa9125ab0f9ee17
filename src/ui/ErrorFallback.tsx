// Typed error fallbacks (spec 000 §8): a heading per kind of failure, with Try Again and Go Home.
import { AlertTriangle, Loader2, Lock, ServerCrash, WifiOff, FileWarning } from 'lucide-react';
import { FALLBACK_TEXT, fallbackKindFor, type FallbackKind } from '@/domain/errors';
import { Button } from './Button';

const ICONS: Record<FallbackKind, typeof AlertTriangle> = {
  network: WifiOff,
  server: ServerCrash,
  auth: Lock,
  loading: Loader2,
  validation: FileWarning,
  generic: AlertTriangle,
};

export interface ErrorFallbackProps {
  /** The kind to show; by default it is worked out from `error`. */
  kind?: FallbackKind;
  error?: unknown;
  description?: string;
  onRetry?: () => void;
}

export function ErrorFallback({ kind, error, description, onRetry }: ErrorFallbackProps) {
  const which = kind ?? fallbackKindFor(error);
  const text = FALLBACK_TEXT[which];
  const Icon = ICONS[which];
  return (
    <div role="alert" className="mx-auto grid max-w-md justify-items-center gap-3 p-6 text-center">
      <Icon size={40} aria-hidden className="text-muted" />
      <h2 className="text-xl font-semibold">{text.title}</h2>
      <p className="text-muted">{description ?? text.description}</p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button onClick={onRetry ?? (() => window.location.reload())}>Try Again</Button>
        <Button variant="outline" onClick={() => window.location.assign('/')}>
          Go Home
        </Button>
      </div>
    </div>
  );
}
