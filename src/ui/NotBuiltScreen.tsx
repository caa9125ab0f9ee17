// Stand-in for a screen that a later issue builds: it names its area, says it is not built, and leads
// back to the chat (the sidebar that led here belongs to the chat, so there is no other way back on a
// home-screen app without a browser's back button).
import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { Page } from './Page';

export const BACK_TO_CHAT = 'Back to Chat';

export function NotBuiltScreen({ title, purpose }: { title: string; purpose?: string }) {
  return (
    <Page title={title} subtitle={purpose}>
      <p className="rounded-2xl border border-dashed border-accent-line/70 bg-panel p-4 text-stone-700 dark:text-stone-300">
        This screen is not built yet.
      </p>
      <p>
        <Link
          to="/"
          className="inline-flex h-10 items-center gap-2 rounded-lg bg-accent px-4 font-medium text-on-accent transition-colors hover:bg-accent-hover focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
        >
          <ArrowLeft size={18} aria-hidden />
          {BACK_TO_CHAT}
        </Link>
      </p>
    </Page>
  );
}

export default NotBuiltScreen;
