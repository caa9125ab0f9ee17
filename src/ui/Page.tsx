// A plain page: a heading, an optional line under it, and its content.
import type { ReactNode } from 'react';

export function Page({
  title,
  subtitle,
  children,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section className="mx-auto grid w-full max-w-3xl gap-4 px-4 py-8">
      {/* A word longer than the line (a title at 200% text) wraps rather than widen the page. */}
      <header className="grid gap-1 wrap-anywhere">
        <h1 className="text-2xl font-semibold">{title}</h1>
        {subtitle && <p className="text-muted">{subtitle}</p>}
      </header>
      {children}
    </section>
  );
}
