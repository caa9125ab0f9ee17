// An icon-only button. Its label is its accessible name and its native tooltip: Radix Tooltip would
// bring a positioning engine (~12 KB gzip) into the first screen for two header buttons.
import type { ReactNode } from 'react';
import { Button, type ButtonProps } from './Button';

export interface IconButtonProps extends Omit<ButtonProps, 'children' | 'size'> {
  label: string;
  children: ReactNode;
}

export function IconButton({ label, children, variant = 'ghost', ...props }: IconButtonProps) {
  return (
    <Button variant={variant} size="icon" aria-label={label} title={label} {...props}>
      {children}
    </Button>
  );
}
