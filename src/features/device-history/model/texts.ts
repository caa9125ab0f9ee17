// The page's words (the spec has none for it: docs/backup.md).
export const HISTORY_TEXT = {
  title: 'Your Data',
  subtitle:
    'Your chat history on this device: save it to a file, or bring one from another device.',
  exportTitle: 'Export history',
  exportHint:
    'Every day, message and photo on this device, which messages you deleted here (so they stay deleted), and your display settings, in one JSON file.',
  exportButton: 'Export history',
  exporting: 'Exporting…',
  importTitle: 'Import history',
  importHint:
    'Adds what the file holds and this device lacks: nothing already here is doubled or changed, and your settings here stay as they are. Your server’s copy is restored separately (npm run restore).',
  importButton: 'Import history',
  importing: 'Importing…',
  fileLabel: 'History file to import',
  exportFailed: 'The history could not be exported: ',
  importFailed: 'Nothing was imported: ',
  readFailed: 'This file could not be read. Nothing was imported.',
  settingsLater: ' Imported settings apply the next time Kiri opens.',
} as const;
