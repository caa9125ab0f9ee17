// /settings/data, 'Your Data' in the settings sidebar's Personal group (issue 21 point 4,
// docs/backup.md): export this device's history to a file, import one from another device.
import { useRef, type ReactNode } from 'react';
import { Download, Upload } from 'lucide-react';
import { Button } from '@/ui/Button';
import { Page } from '@/ui/Page';
import { useDeviceHistory } from '../hooks/useDeviceHistory';
import { HISTORY_TEXT as T } from '../model/texts';

function Card({
  id,
  title,
  hint,
  children,
}: {
  id: string;
  title: string;
  hint: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="grid gap-3 rounded-xl border border-line bg-panel p-4">
      <h2 id={id} className="font-semibold">
        {title}
      </h2>
      <p className="text-sm text-muted">{hint}</p>
      {children}
    </section>
  );
}

export function DeviceHistoryPage() {
  const { busy, outcome, exportHistory, importHistory } = useDeviceHistory();
  const input = useRef<HTMLInputElement>(null);

  return (
    <Page title={T.title} subtitle={T.subtitle}>
      <Card id="export-history" title={T.exportTitle} hint={T.exportHint}>
        <div>
          <Button onClick={() => void exportHistory()} disabled={busy !== null}>
            <span className="inline-flex items-center gap-2">
              <Download size={18} aria-hidden />
              {busy === 'export' ? T.exporting : T.exportButton}
            </span>
          </Button>
        </div>
      </Card>

      <Card id="import-history" title={T.importTitle} hint={T.importHint}>
        <input
          ref={input}
          type="file"
          accept="application/json,.json"
          aria-label={T.fileLabel}
          className="sr-only"
          tabIndex={-1}
          onChange={(event) => {
            const chosen = event.target.files?.[0];
            // Cleared, so choosing the same file again imports it again (a no-op that says so).
            event.target.value = '';
            if (chosen) void importHistory(chosen);
          }}
        />
        <div>
          <Button variant="outline" onClick={() => input.current?.click()} disabled={busy !== null}>
            <span className="inline-flex items-center gap-2">
              <Upload size={18} aria-hidden />
              {busy === 'import' ? T.importing : T.importButton}
            </span>
          </Button>
        </div>
      </Card>

      <div aria-live="polite">
        {outcome?.kind === 'done' && (
          <p
            className="rounded-lg border border-line bg-panel p-3 text-sm"
            data-testid="history-outcome"
          >
            {outcome.text}
          </p>
        )}
      </div>
      {outcome?.kind === 'error' && (
        <p
          role="alert"
          className="rounded-lg border border-red-500/50 bg-red-500/10 p-3 text-sm text-red-700 dark:text-red-300"
        >
          {outcome.text}
        </p>
      )}
    </Page>
  );
}

export default DeviceHistoryPage;
