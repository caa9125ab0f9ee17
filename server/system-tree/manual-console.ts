// GET /api/manual-console/status (spec 001 §3 "Manual console status", as the features page shows it).
// Every count is real: the snapshots are the memory lattice's snapshots of memory.json and the version
// guard's snapshots of DATA_DIR (server/version-guard), the uploaded files are the photos stored in
// DATA_DIR/uploads and the console's files in DATA_DIR/console-files, and the console's own executions
// are the sandbox's runs since the server started (server/presence-execution, issue 17); a source without
// them answers `console_built: false`, so a 0 is never read as "nothing ran".
import { readFileSync } from 'node:fs';
import { ACCEPTED_IMAGE_TYPES, MAX_IMAGE_BYTES } from '../images/image-limits';

export interface ManualConsoleStatus {
  /** The server's version (package.json): the console's calls are served by it. */
  version: string;
  rollback_snapshots: number;
  recent_executions: number;
  /** False until the manual console (issue 17) runs commands: recent_executions is then not a measurement. */
  console_built: boolean;
  uploaded_files: number;
  file_attachment: {
    enabled: boolean;
    upload_limit_MB: number;
    supported_formats: string[];
  };
  /** Where each count comes from, for the page to say. */
  sources: { rollback_snapshots: string; uploaded_files: string; recent_executions: string };
}

export interface ManualConsoleSource {
  /** Snapshots a rollback could return to (the memory lattice's and the version guard's). */
  snapshotCount(): number;
  /** Photos stored in DATA_DIR/uploads (completed, not deleted) and the console's uploaded files. */
  uploadedFileCount(): number;
  /** The console's executions, or null while the console is not built. */
  recentExecutions?(): number | null;
}

let version: string | null = null;

/** package.json's version, read once (the file ships with the server: `npm start` runs from the repo). */
export function serverVersion(): string {
  if (version === null) {
    try {
      const text = readFileSync(new URL('../../package.json', import.meta.url), 'utf8');
      const parsed = JSON.parse(text) as { version?: unknown };
      version = typeof parsed.version === 'string' ? parsed.version : 'unknown';
    } catch {
      version = 'unknown';
    }
  }
  return version;
}

export function manualConsoleStatus(source: ManualConsoleSource): ManualConsoleStatus {
  const executions = source.recentExecutions?.() ?? null;
  return {
    version: serverVersion(),
    rollback_snapshots: source.snapshotCount(),
    recent_executions: executions ?? 0,
    console_built: executions !== null,
    uploaded_files: source.uploadedFileCount(),
    file_attachment: {
      // The one upload the server takes today: photos, through the chat's image share (server/images).
      enabled: true,
      upload_limit_MB: MAX_IMAGE_BYTES / (1024 * 1024),
      supported_formats: Object.values(ACCEPTED_IMAGE_TYPES).map((format) => format.toUpperCase()),
    },
    sources: {
      rollback_snapshots:
        "the memory lattice's snapshots of memory.json and the version guard's snapshots of DATA_DIR",
      uploaded_files:
        'photos stored in DATA_DIR/uploads and the manual console’s files in DATA_DIR/console-files',
      recent_executions:
        executions === null ? 'the manual console is not built yet' : "the console's executions",
    },
  };
}
