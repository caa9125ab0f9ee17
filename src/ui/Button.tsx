// The app's button: a few variants and sizes over a native <button>.
import type { ButtonHTMLAttributes, Ref } from 'react';
import { cn } from './cn';

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'destructive' | 'link';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon';

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-accent text-on-accent hover:bg-accent-hover',
  secondary:
    'bg-stone-200 text-stone-900 hover:bg-stone-300 dark:bg-stone-800 dark:text-stone-100 dark:hover:bg-stone-700',
  outline:
    'border border-stone-300 bg-transparent hover:bg-stone-100 dark:border-stone-700 dark:hover:bg-stone-800',
  ghost: 'bg-transparent hover:bg-stone-100 dark:hover:bg-stone-800',
  destructive: 'bg-red-600 text-white hover:bg-red-500',
  link: 'bg-transparent underline-offset-4 hover:underline text-accent px-0',
};

// A size's height is the usual one; a label that wraps (200% text) makes the button taller rather
// than spill out of it: min-h-fit (the base) and a little padding above and below the lines, which a
// single line at the usual height does not need.
const SIZES: Record<ButtonSize, string> = {
  sm: 'h-8 px-3 py-1 text-sm',
  md: 'h-10 px-4 py-1',
  lg: 'h-12 px-6 py-1 text-lg',
  icon: 'h-10 w-10',
};

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  ref?: Ref<HTMLButtonElement>;
}

export function Button({
  variant = 'primary',
  size = 'md',
  className,
  type = 'button',
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      className={cn(
        'inline-flex min-h-fit items-center justify-center gap-2 rounded-lg text-center font-medium transition-colors',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent',
        'disabled:pointer-events-none disabled:opacity-50',
        VARIANTS[variant],
        variant === 'link' ? '' : SIZES[size],
        className,
      )}
      {...props}
    />
  );
}
