// Export and import for the page: one at a time, with the outcome in words.
import { useState } from 'react';
import { db } from '@/db/db';
import { exportSummaryText, importSummaryText } from '../model/merge';
import { historyFileName, parseHistoryFile } from '../model/history-file';
import { HISTORY_TEXT as T } from '../model/texts';
import { exportDeviceHistory, importDeviceHistory } from '../storage/history-storage';

export type HistoryOutcome = { kind: 'done' | 'error'; text: string } | null;

function download(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the file over (revoking at once can cancel it in some browsers).
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function useDeviceHistory() {
  const [busy, setBusy] = useState<'export' | 'import' | null>(null);
  const [outcome, setOutcome] = useState<HistoryOutcome>(null);

  const exportHistory = async () => {
    setBusy('export');
    setOutcome(null);
    try {
      const now = new Date();
      const file = await exportDeviceHistory(db, now);
      const name = historyFileName(now);
      download(JSON.stringify(file), name);
      setOutcome({
        kind: 'done',
        text: exportSummaryText(file.messages.length, file.sessions.length, name),
      });
    } catch (error) {
      setOutcome({ kind: 'error', text: `${T.exportFailed}${reason(error)}` });
    } finally {
      setBusy(null);
    }
  };

  const importHistory = async (chosen: File) => {
    setBusy('import');
    setOutcome(null);
    try {
      let text: string;
      try {
        text = await chosen.text();
      } catch {
        setOutcome({ kind: 'error', text: T.readFailed });
        return;
      }
      const parsed = parseHistoryFile(text);
      if (!parsed.ok) {
        setOutcome({ kind: 'error', text: parsed.error });
        return;
      }
      const summary = await importDeviceHistory(db, parsed.file);
      setOutcome({
        kind: 'done',
        text: `${importSummaryText(summary)}${summary.settingsApplied > 0 ? T.settingsLater : ''}`,
      });
    } catch (error) {
      setOutcome({ kind: 'error', text: `${T.importFailed}${reason(error)}` });
    } finally {
      setBusy(null);
    }
  };

  return { busy, outcome, exportHistory, importHistory };
}
