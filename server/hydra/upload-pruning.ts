// prune-uploads's rules (docs/system-control.md): photos of DATA_DIR/uploads whose chat message is gone
// (deleted by the owner, or past the conversation log's cap), and files there that no record names.
import type { ImageRecord } from '../images/image-store';

/**
 * Rule: photosWithoutMessage. Finished photos not yet deleted whose 'Image sent' message is no longer in
 * their account's log. A photo still being finished (completedAt null) is never touched.
 */
export function photosWithoutMessage(
  records: readonly ImageRecord[],
  logIdsOf: (account: string) => ReadonlySet<string>,
): ImageRecord[] {
  return records.filter(
    (record) =>
      record.completedAt !== null &&
      record.deletedAt === null &&
      record.userMessageId !== null &&
      !logIdsOf(record.account).has(record.userMessageId),
  );
}

/**
 * Rule: strayUploadFiles. Files of uploads/ named after no record (`<id>.<ext>`, `<id>.thumb.webp`):
 * left by a crash between a file's write and its record. Hidden names (temp files, .incoming) are the
 * image service's own and are skipped.
 */
export function strayUploadFiles(
  names: readonly string[],
  recordIds: ReadonlySet<string>,
): string[] {
  return names.filter((name) => {
    if (name.startsWith('.')) return false;
    const id = name.split('.')[0] ?? '';
    return id !== '' && !recordIds.has(id);
  });
}
