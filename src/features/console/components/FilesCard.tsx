// The uploaded files card (spec 002 "Manual console"): each file's name and size in KB, View, the
// task-processor button and the 500-character preview (only .py, .js and .ts), and remove. The list is
// the server's (GET /api/manual-console/files), so it survives a reload.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { FILE_PREVIEW_CHARS, isProcessableFile, previewOf, sizeInKb } from '@/domain/console-input';
import { Button } from '@/ui/Button';
import { readFileContent, type ConsoleFile } from '../api/console-api';
import { CONSOLE_ERRORS } from '../model/console-log';

async function contentOf(fileName: string): Promise<string> {
  const result = await readFileContent(fileName);
  const body = result.body as { content?: unknown; error?: string } | null;
  if (!result.ok || typeof body?.content !== 'string') {
    throw new Error(body?.error ?? CONSOLE_ERRORS.fileLoadFailed);
  }
  return body.content;
}

function useFileContent(fileName: string, enabled: boolean) {
  return useQuery({
    queryKey: ['console', 'file', fileName],
    queryFn: () => contentOf(fileName),
    enabled,
    retry: false,
    meta: { persist: false },
  });
}

function FileRow({
  file,
  onProcess,
  onRemove,
}: {
  file: ConsoleFile;
  onProcess: (name: string) => Promise<void>;
  onRemove: (name: string) => Promise<void>;
}) {
  const processable = isProcessableFile(file.fileName);
  const [viewing, setViewing] = useState(false);
  const [processing, setProcessing] = useState(false);
  const content = useFileContent(file.fileName, processable || viewing);
  return (
    <li className="grid gap-2 rounded-xl border border-line p-3" data-testid="console-file">
      <div className="flex flex-wrap items-center gap-2">
        <span className="min-w-0 flex-1 truncate font-mono text-sm" title={file.fileName}>
          {file.fileName}
        </span>
        <span className="text-xs text-muted">{sizeInKb(file.fileSize)}</span>
        <Button size="sm" variant="outline" onClick={() => setViewing((open) => !open)}>
          {viewing ? 'Hide' : 'View'}
        </Button>
        {processable && (
          <Button
            size="sm"
            variant="secondary"
            disabled={processing}
            onClick={() => {
              setProcessing(true);
              void onProcess(file.fileName).finally(() => setProcessing(false));
            }}
          >
            {processing ? 'Processing…' : 'Process with Hydra'}
          </Button>
        )}
        <Button
          size="sm"
          variant="ghost"
          aria-label={`Remove ${file.fileName}`}
          onClick={() => void onRemove(file.fileName)}
        >
          Remove
        </Button>
      </div>
      {content.isError && (
        <p role="alert" className="text-xs text-red-700 dark:text-red-400">
          {CONSOLE_ERRORS.fileLoadFailed}: {content.error.message}
        </p>
      )}
      {content.data !== undefined && (viewing || processable) && (
        <pre
          aria-label={viewing ? `Content of ${file.fileName}` : `Preview of ${file.fileName}`}
          className="max-h-64 overflow-auto rounded-lg bg-stone-100 p-2 text-xs whitespace-pre-wrap dark:bg-stone-900"
        >
          {viewing ? content.data : previewOf(content.data, FILE_PREVIEW_CHARS)}
        </pre>
      )}
    </li>
  );
}

export function FilesCard({
  files,
  loading,
  failed,
  onProcess,
  onRemove,
}: {
  files: ConsoleFile[] | undefined;
  loading: boolean;
  failed: boolean;
  onProcess: (name: string) => Promise<void>;
  onRemove: (name: string) => Promise<void>;
}) {
  return (
    <section
      aria-labelledby="console-files-title"
      className="grid gap-2 rounded-2xl border border-line bg-panel p-4"
    >
      <h3 id="console-files-title" className="font-semibold">
        Uploaded Files
      </h3>
      {files === undefined ? (
        <p className="text-sm text-muted">
          {loading
            ? 'Loading files…'
            : failed
              ? 'The file list could not be read from the server.'
              : ''}
        </p>
      ) : files.length === 0 ? (
        <p className="text-sm text-muted">No files uploaded yet.</p>
      ) : (
        <ul className="grid gap-2">
          {files.map((file) => (
            <FileRow key={file.fileName} file={file} onProcess={onProcess} onRemove={onRemove} />
          ))}
        </ul>
      )}
      {files !== undefined && failed && (
        <p className="text-xs text-muted">
          The list shown is the last one read: the server did not answer.
        </p>
      )}
    </section>
  );
}
