// Which names the console's file calls take (issue 17 point 5). A name is one plain file name inside
// DATA_DIR/console-files: anything that could name another place (a separator, '..', NUL, a drive letter)
// is refused before the file system is touched, so no name can reach outside the folder.
import { isAcceptedFile } from '../../src/domain/console-input';

export const MAX_FILE_NAME_LENGTH = 255;

export const FILE_NAME_REFUSED = 'Invalid file name';

/** Rule: the reason a name is refused, or null when it is one plain file name on the accept list. */
export function fileNameProblem(name: string): string | null {
  if (name.length === 0 || name.length > MAX_FILE_NAME_LENGTH) return FILE_NAME_REFUSED;
  // Separators of every platform, NUL and the other control characters, and a Windows drive letter.
  // eslint-disable-next-line no-control-regex
  if (/[/\\\u0000-\u001f\u007f:]/.test(name)) return FILE_NAME_REFUSED;
  // '.', '..' and dot files (an upload must never become '.env' or hide itself from the list).
  if (name.startsWith('.')) return FILE_NAME_REFUSED;
  if (name.trim() !== name) return FILE_NAME_REFUSED;
  if (!isAcceptedFile(name)) return `${name} is not an accepted file type`;
  return null;
}
