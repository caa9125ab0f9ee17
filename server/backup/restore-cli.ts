// `npm run restore <file>`: puts a backup made by `npm run backup` back into DATA_DIR (env, default
// ./data). Refused while a server uses DATA_DIR; the archive is checked whole before anything changes,
// and the files it replaces are kept in <DATA_DIR>.before-restore-<time> (docs/backup.md).
import { resolve } from 'node:path';
import { DataDirLockedError } from '../store/data-dir-lock';
import { BackupError, restoreBackup } from './server-backup';

async function main(): Promise<void> {
  const file = process.argv[2];
  if (!file) {
    console.error('Usage: npm run restore <backup file> (a kiri-backup-….tar.gz)');
    process.exit(2);
  }
  const dataDir = resolve(process.env.DATA_DIR?.trim() || './data');
  const { manifest, replacedDir } = await restoreBackup({ archivePath: file, dataDir });
  console.log(`Restored ${manifest.files.length} files taken ${manifest.takenAt} into ${dataDir}.`);
  console.log(
    replacedDir
      ? `The files it replaced are in ${replacedDir} (delete that folder once you are sure).`
      : 'DATA_DIR was empty: nothing was replaced.',
  );
  if (manifest.files.some((file) => file.encrypted)) {
    console.log(
      'Some files are encrypted at rest: start the server with the DATA_KEY they were taken under.',
    );
  }
}

main().catch((error: unknown) => {
  if (error instanceof DataDirLockedError) {
    console.error(`${error.message}\nNothing was restored.`);
  } else if (error instanceof BackupError) {
    console.error(`${error.message} Nothing was restored.`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
