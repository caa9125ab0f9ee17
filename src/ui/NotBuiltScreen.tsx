// Stand-in for a screen that a later issue builds: it names its area and says it is not built.
import { Page } from './Page';

export function NotBuiltScreen({ title, purpose }: { title: string; purpose?: string }) {
  return (
    <Page title={title} subtitle={purpose}>
      <p className="rounded-lg border border-dashed border-neutral-300 p-4 dark:border-neutral-700">
        This screen is not built yet.
      </p>
    </Page>
  );
}

export default NotBuiltScreen;
