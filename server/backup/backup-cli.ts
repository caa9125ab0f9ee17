// `npm run backup`: DATA_DIR (env, default ./data) as one archive in BACKUP_DIR (env, default ./backups),
// taken while the server runs (docs/backup.md). Prints the archive's path.
import { resolve } from 'node:path';
import { BackupError, takeBackup } from './server-backup';

async function main(): Promise<void> {
  const dataDir = resolve(process.env.DATA_DIR?.trim() || './data');
  const outDir = resolve(process.env.BACKUP_DIR?.trim() || './backups');
  const { archivePath, manifest } = await takeBackup({ dataDir, outDir });
  const bytes = manifest.files.reduce((sum, file) => sum + file.bytes, 0);
  console.log(
    `Backed up ${manifest.files.length} files (${bytes} bytes) of ${dataDir} to ${archivePath}`,
  );
  if (manifest.files.some((file) => file.encrypted)) {
    console.log('Some files are encrypted at rest: keep DATA_KEY, the restore needs the same key.');
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof BackupError ? error.message : error);
  process.exit(1);
});
