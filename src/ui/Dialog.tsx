// A modal dialog over Radix Dialog. `dismissible={false}` makes it blocking: no close button, and
// Escape or a click outside do nothing (the registration dialog, spec 000 §2.4).
import type { ReactNode } from 'react';
import { Dialog as RadixDialog } from 'radix-ui';
import { X } from 'lucide-react';
import { cn } from './cn';

export interface DialogProps {
  open: boolean;
  onOpenChange?: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  dismissible?: boolean;
  children?: ReactNode;
  className?: string;
}

export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  dismissible = true,
  children,
  className,
}: DialogProps) {
  const block = (event: Event) => {
    if (!dismissible) event.preventDefault();
  };
  return (
    <RadixDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (dismissible || next) onOpenChange?.(next);
      }}
    >
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
        <RadixDialog.Content
          {...(description ? {} : { 'aria-describedby': undefined })}
          onEscapeKeyDown={block}
          onPointerDownOutside={block}
          onInteractOutside={block}
          className={cn(
            'fixed top-1/2 left-1/2 z-50 grid w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4',
            'rounded-2xl border border-line bg-panel p-6 text-stone-900 shadow-xl',
            'dark:text-stone-100',
            className,
          )}
        >
          <div className="grid gap-2">
            <RadixDialog.Title className="text-xl font-semibold">{title}</RadixDialog.Title>
            {description ? (
              <RadixDialog.Description className="text-muted">
                {description}
              </RadixDialog.Description>
            ) : null}
          </div>
          {children}
          {dismissible && (
            <RadixDialog.Close
              aria-label="Close"
              className="absolute top-3 right-3 rounded p-1 opacity-70 hover:opacity-100"
            >
              <X size={18} aria-hidden />
            </RadixDialog.Close>
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
