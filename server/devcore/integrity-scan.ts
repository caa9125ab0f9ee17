// The maintenance monitor's integrity checks over DATA_DIR's store files: each file is read whole and
// parsed, its version must be the one the running server holds, its journal's lines must read back in
// sequence (the same check a start would make), and a file whose size and modification time are those
// of the last scan must still have the same sha256 (bytes that changed without a write are damage).
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { decodeFile } from '../store/at-rest';
import { JOURNAL_SUFFIX, parseJournal } from '../store/journal';
import { JOURNAL_SEQ_FIELD } from '../store/json-file-store';
import type { ScanReport, ScannedFile } from './devcore-store';

export interface ScanTarget {
  /** Absolute path of the store's JSON file. */
  path: string;
  /** The version the running server holds for it. */
  version: number;
}

interface ReadFile {
  bytes: Buffer | null;
  size: number;
  mtimeMs: number;
}

async function readIfThere(path: string): Promise<ReadFile> {
  try {
    const [bytes, info] = await Promise.all([readFile(path), stat(path)]);
    // Whole milliseconds: what utimes and copies of the file keep.
    return { bytes, size: info.size, mtimeMs: Math.floor(info.mtimeMs) };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      return { bytes: null, size: 0, mtimeMs: 0 };
    throw error;
  }
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** sha256 mismatch on a file whose size and mtime did not move since the previous scan. */
function silentChange(found: ScannedFile, previous: ScannedFile | undefined): boolean {
  return (
    previous !== undefined &&
    previous.sha256 !== null &&
    found.sha256 !== null &&
    previous.size === found.size &&
    previous.mtimeMs === found.mtimeMs &&
    previous.sha256 !== found.sha256
  );
}

function checkSnapshot(text: string, expectedVersion: number): { detail: string; seq: number } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    return { detail: `not valid JSON (${(error as Error).message})`, seq: 0 };
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { detail: 'does not hold a JSON object', seq: 0 };
  }
  const record = raw as Record<string, unknown>;
  if (record.version !== expectedVersion) {
    return {
      detail: `version ${String(record.version)} on disk, ${expectedVersion} in the running server`,
      seq: 0,
    };
  }
  const seq = record[JOURNAL_SEQ_FIELD];
  return { detail: 'ok', seq: typeof seq === 'number' ? seq : 0 };
}

export async function scanFiles(
  targets: readonly ScanTarget[],
  previous: ScanReport | null,
  at: number,
  trigger: ScanReport['trigger'],
): Promise<ScanReport> {
  const before = new Map((previous?.files ?? []).map((file) => [file.file, file]));
  const files: ScannedFile[] = [];
  for (const target of targets) {
    const name = basename(target.path);
    const snapshot = await readIfThere(target.path);
    let seq = 0;
    let entry: ScannedFile;
    if (snapshot.bytes === null) {
      entry = { file: name, ok: false, detail: 'missing', sha256: null, size: 0, mtimeMs: 0 };
    } else {
      // Either at-rest format (docs/encryption.md); a file the key cannot open is reported, not thrown.
      let text: string | null = null;
      let unreadable: string | null = null;
      try {
        text = decodeFile(target.path, snapshot.bytes);
      } catch (error) {
        unreadable = (error as Error).message.replace(target.path, name);
      }
      const checked =
        text === null
          ? { detail: unreadable ?? 'unreadable', seq: 0 }
          : checkSnapshot(text, target.version);
      seq = checked.seq;
      entry = {
        file: name,
        ok: checked.detail === 'ok',
        detail: checked.detail,
        sha256: sha256(snapshot.bytes),
        size: snapshot.size,
        mtimeMs: snapshot.mtimeMs,
      };
    }
    if (entry.ok && silentChange(entry, before.get(name))) {
      entry = {
        ...entry,
        ok: false,
        detail: 'checksum mismatch: its bytes changed without a write',
      };
    }
    files.push(entry);

    // A store without a reducer has no journal: its absence is normal.
    const journalPath = `${target.path}${JOURNAL_SUFFIX}`;
    const journal = await readIfThere(journalPath);
    if (journal.bytes === null) continue;
    let detail: string;
    try {
      const lines = parseJournal(journalPath, journal.bytes.toString('utf8'), seq);
      detail = `ok (${lines.length} change${lines.length === 1 ? '' : 's'} after the file)`;
    } catch (error) {
      // Named by the file alone: the status is shown to users, DATA_DIR's location is not theirs.
      detail = (error as Error).message.replace(journalPath, basename(journalPath));
    }
    files.push({
      file: basename(journalPath),
      ok: detail.startsWith('ok'),
      detail,
      sha256: sha256(journal.bytes),
      size: journal.size,
      mtimeMs: journal.mtimeMs,
    });
  }
  return { at, trigger, ok: files.every((file) => file.ok), files };
}
