// The console's state: the log kept on this device, the reply target, and each action of 002's console
// mode (send, quick actions, rollback, note, upload, process) turned into log entries with 002 §8's words.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  classifyConsoleInput,
  fileTooLarge,
  isAcceptedFile,
  MAX_CONSOLE_FILE_BYTES,
  sizeInKb,
} from '@/domain/console-input';
import { toast } from '@/ui/use-toast';
import {
  askKiri,
  executeCode,
  fetchEngineStatus,
  fetchFiles,
  keepConsoleMemory,
  loadRollback,
  processFile,
  runTask,
  uploadFile,
  deleteFile,
  type TaskType,
} from '../api/console-api';
import {
  appendEntries,
  chatReplyEntry,
  CONSOLE_ERRORS,
  executionEntry,
  newEntry,
  readLog,
  rollbackEntry,
  taskEntry,
  writeLog,
  canKeepLog,
  type LogEntry,
  type LogEntryType,
} from '../model/console-log';
import { ENGINE_POLL_MS } from '../model/engine-status';

export const ENGINE_STATUS_KEY = ['console', 'engine-status'] as const;
export const CONSOLE_FILES_KEY = ['console', 'files'] as const;

export function useEngineStatus() {
  return useQuery({
    queryKey: ENGINE_STATUS_KEY,
    queryFn: fetchEngineStatus,
    refetchInterval: ENGINE_POLL_MS,
    // The poll is the retry: a failed read shows at once.
    retry: false,
    meta: { persist: false },
  });
}

export function useConsoleFiles() {
  return useQuery({
    queryKey: CONSOLE_FILES_KEY,
    queryFn: fetchFiles,
    retry: false,
    meta: { persist: false },
  });
}

const detailOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const TASKS: readonly { type: TaskType; label: string; description: string }[] = [
  {
    type: 'maintenance',
    label: 'System Maintenance',
    description: 'Scan the system files and report problems (manual console).',
  },
  {
    type: 'learning',
    label: 'Learning Task',
    description:
      'Consolidate memories: merge near-duplicates, let unused ones fade (manual console).',
  },
  {
    type: 'consciousness',
    label: 'Consciousness Task',
    description: 'Run a consciousness collection cycle (manual console).',
  },
];

export function useConsole() {
  const queryClient = useQueryClient();
  const [log, setLog] = useState<LogEntry[]>(() => readLog());
  // Whether this device keeps the log at all (storage blocked in some private modes): the status card's
  // 'input log active'.
  const [logKept] = useState(() => canKeepLog());
  const [replyTo, setReplyTo] = useState<LogEntry | null>(null);
  const [busy, setBusy] = useState(false);
  const files = useConsoleFiles();
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // Every change is written through: a reload (or a crash) keeps what was shown.
  useEffect(() => {
    writeLog(log);
  }, [log]);

  const add = useCallback((...entries: LogEntry[]) => {
    setLog((current) => appendEntries(current, ...entries));
  }, []);
  const addNew = useCallback(
    (type: LogEntryType, content: string, replyToId?: string) =>
      add(newEntry(type, content, replyToId)),
    [add],
  );

  /** False when the input is kept (ignored or not sent): the caller then leaves the text in the box. */
  const send = useCallback(
    async (input: string): Promise<boolean> => {
      const kind = classifyConsoleInput(input);
      if (kind === 'ignored' || busy) return false;
      const reply = replyTo?.id;
      addNew('input', input, reply);
      setReplyTo(null);
      setBusy(true);
      try {
        if (kind === 'code') {
          try {
            const result = await executeCode(input);
            const entry = executionEntry(result.ok, result.body);
            addNew(entry.type, entry.content);
          } catch (error) {
            addNew('error', CONSOLE_ERRORS.network(detailOf(error)));
          }
          void queryClient.invalidateQueries({ queryKey: ENGINE_STATUS_KEY });
        } else {
          const names = (files.data ?? []).map((file) => file.fileName);
          try {
            const result = await askKiri(input, names, reply);
            const entry = chatReplyEntry(result.ok, result.body);
            addNew(entry.type, entry.content);
            if (entry.type === 'kiri') void keepConsoleMemory(input, entry.content, reply);
          } catch (error) {
            addNew('error', CONSOLE_ERRORS.chatConnection(detailOf(error)));
          }
        }
      } finally {
        if (mounted.current) setBusy(false);
      }
      return true;
    },
    [addNew, busy, files.data, queryClient, replyTo],
  );

  const task = useCallback(
    async (type: TaskType, description: string) => {
      addNew('input', `Autonomous task: ${type}`);
      try {
        const result = await runTask(type, description);
        const entry = taskEntry(result.ok, result.body);
        addNew(entry.type, entry.content);
      } catch (error) {
        addNew('error', CONSOLE_ERRORS.network(detailOf(error)));
      }
      void queryClient.invalidateQueries({ queryKey: ENGINE_STATUS_KEY });
    },
    [addNew, queryClient],
  );

  const rollback = useCallback(async () => {
    try {
      const result = await loadRollback();
      const entry = rollbackEntry(result.ok, result.body);
      addNew(entry.type, entry.content);
    } catch {
      addNew('error', CONSOLE_ERRORS.rollbackFailed);
    }
  }, [addNew]);

  /**
   * Save Note: the spec's call list (002 §7) has no call for notes, so a note is a log entry kept on
   * this device with the rest of the log; nothing is sent.
   */
  const saveNote = useCallback(
    (text: string) => {
      if (text.trim() === '') return;
      addNew('input', `Note: ${text.trim()}`);
    },
    [addNew],
  );

  const upload = useCallback(
    async (list: readonly File[]) => {
      for (const file of list) {
        if (file.size > MAX_CONSOLE_FILE_BYTES) {
          const words = fileTooLarge(file.name);
          toast({ title: words.title, description: words.description, variant: 'destructive' });
          continue;
        }
        if (!isAcceptedFile(file.name)) {
          toast({
            title: CONSOLE_ERRORS.uploadFailed,
            description: `${file.name} is not an accepted file type`,
            variant: 'destructive',
          });
          continue;
        }
        try {
          const result = await uploadFile(file);
          if (result.ok) {
            const info = (result.body as { file_info?: { fileSize?: number } }).file_info;
            addNew('output', `Uploaded ${file.name} (${sizeInKb(info?.fileSize ?? file.size)})`);
            toast({ title: 'File uploaded', description: file.name });
          } else {
            const body = result.body as { error?: string; message?: string } | null;
            const tooLarge = body?.error === 'File too large';
            toast({
              title: tooLarge ? 'File too large' : CONSOLE_ERRORS.uploadFailed,
              description: (tooLarge ? body?.message : body?.error) ?? `${result.status}`,
              variant: 'destructive',
            });
          }
        } catch (error) {
          toast({
            title: CONSOLE_ERRORS.uploadError,
            description: detailOf(error),
            variant: 'destructive',
          });
        }
      }
      await queryClient.invalidateQueries({ queryKey: CONSOLE_FILES_KEY });
    },
    [addNew, queryClient],
  );

  const process = useCallback(
    async (fileName: string) => {
      addNew('input', `Process ${fileName} with the task processor`);
      try {
        const result = await processFile(fileName);
        const body = result.body as { analysis?: { summary?: string }; error?: string } | null;
        if (result.ok && body?.analysis?.summary) {
          addNew('output', body.analysis.summary);
        } else {
          const reason = body?.error ?? `${result.status}`;
          addNew('error', `${CONSOLE_ERRORS.processingFailed}: ${reason}`);
          toast({
            title: CONSOLE_ERRORS.processingFailed,
            description: reason,
            variant: 'destructive',
          });
        }
      } catch (error) {
        addNew('error', `${CONSOLE_ERRORS.processingError}: ${detailOf(error)}`);
        toast({
          title: CONSOLE_ERRORS.processingError,
          description: detailOf(error),
          variant: 'destructive',
        });
      }
    },
    [addNew],
  );

  const remove = useCallback(
    async (fileName: string) => {
      try {
        const result = await deleteFile(fileName);
        if (!result.ok) {
          const body = result.body as { error?: string } | null;
          toast({
            title: 'Remove failed',
            description: body?.error ?? `${result.status}`,
            variant: 'destructive',
          });
        }
      } catch (error) {
        toast({ title: 'Remove failed', description: detailOf(error), variant: 'destructive' });
      }
      await queryClient.invalidateQueries({ queryKey: CONSOLE_FILES_KEY });
    },
    [queryClient],
  );

  const clear = useCallback(() => setLog([]), []);

  return {
    log,
    logKept,
    replyTo,
    setReplyTo,
    busy,
    files,
    send,
    task,
    rollback,
    saveNote,
    upload,
    process,
    remove,
    clear,
  };
}
