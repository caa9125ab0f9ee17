// The admin's Add and Edit form in a dialog (docs/build-history.md): checked as typed with the record's
// shared rules, sent once, the server's refusal shown in words under the form; and the confirmation
// before a build is removed.
import { useEffect, useId, useRef, useState } from 'react';
import type { BuildRecord } from '@/domain/build-history';
import { Button } from '@/ui/Button';
import { Dialog } from '@/ui/Dialog';
import { toast } from '@/ui/use-toast';
import { failureText } from '../api/build-history-api';
import { useRemoveBuild, useSaveBuild } from '../hooks/useBuildHistory';
import {
  bodyOfDraft,
  draftOf,
  draftProblems,
  todayUtc,
  type BuildDraft,
  type DraftProblems,
} from '../model/build-form';
import { IMPACT_LABELS, IMPACT_OPTIONS, STATUS_LABELS, STATUS_OPTIONS } from '../model/builds';
import { BUILD_TEXT as T } from '../model/texts';
import { FormField } from '@/ui/FormField';

const input = 'w-full min-w-0 rounded-lg border border-line bg-page px-3 py-2 text-base';

export function BuildForm({
  build,
  takenIds,
  categories,
  onClose,
}: {
  /** null: a new build. */
  build: BuildRecord | null;
  takenIds: readonly string[];
  categories: readonly string[];
  onClose: () => void;
}) {
  const isNew = build === null;
  const [draft, setDraft] = useState<BuildDraft>(() => draftOf(build, todayUtc()));
  const [tried, setTried] = useState(false);
  // Each refused Save moves the focus to the first field in the way, once its problem shows.
  const [attempts, setAttempts] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const save = useSaveBuild();
  useEffect(() => {
    if (attempts > 0) {
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    }
  }, [attempts]);
  const problems: DraftProblems = draftProblems(draft, isNew, takenIds);
  const set = (key: keyof BuildDraft) => (value: string) => setDraft({ ...draft, [key]: value });
  const listId = useId();
  const F = T.fields;

  const submit = () => {
    setTried(true);
    if (Object.keys(problems).length > 0) {
      setAttempts(attempts + 1);
      return;
    }
    if (save.isPending) return;
    setRefusal(null);
    save.mutate(
      { id: build?.id ?? null, body: bodyOfDraft(draft, isNew) },
      {
        onSuccess: () => {
          toast({ title: isNew ? T.admin.added : T.admin.saved });
          onClose();
        },
        onError: (error) => setRefusal(`${T.admin.failedSave}: ${failureText(error)}`),
      },
    );
  };

  const text = (key: keyof BuildDraft & keyof DraftProblems, label: string, hint?: string) => (
    <FormField label={label} hint={hint} problem={problems[key]} shown={tried}>
      {(props) => (
        <input
          {...props}
          className={input}
          value={draft[key] as string}
          onChange={(e) => set(key)(e.target.value)}
        />
      )}
    </FormField>
  );
  const area = (
    key: keyof BuildDraft & keyof DraftProblems,
    label: string,
    rows: number,
    hint?: string,
  ) => (
    <FormField label={label} hint={hint} problem={problems[key]} shown={tried}>
      {(props) => (
        <textarea
          {...props}
          rows={rows}
          className={input}
          value={draft[key] as string}
          onChange={(e) => set(key)(e.target.value)}
        />
      )}
    </FormField>
  );

  return (
    <Dialog
      open
      onOpenChange={(next) => !next && onClose()}
      title={isNew ? T.admin.addTitle : T.admin.editTitle(build.name)}
      className="max-h-[calc(100dvh-2rem)] overflow-y-auto"
    >
      <form
        ref={formRef}
        noValidate
        className="grid gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {isNew && text('id', F.id, F.idHint)}
        {text('name', F.name)}
        <FormField label={F.category} problem={problems.category} shown={tried}>
          {(props) => (
            <>
              <input
                {...props}
                className={input}
                list={listId}
                value={draft.category}
                onChange={(e) => set('category')(e.target.value)}
              />
              <datalist id={listId}>
                {categories.map((category) => (
                  <option key={category} value={category} />
                ))}
              </datalist>
            </>
          )}
        </FormField>
        <div className="grid grid-cols-2 gap-3">
          <FormField label={F.status} problem={problems.status} shown={tried}>
            {(props) => (
              <select
                {...props}
                className={input}
                value={draft.status}
                onChange={(e) => set('status')(e.target.value)}
              >
                {STATUS_OPTIONS.map((status) => (
                  <option key={status} value={status}>
                    {STATUS_LABELS[status]}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField label={F.impact} problem={problems.impact} shown={tried}>
            {(props) => (
              <select
                {...props}
                className={input}
                value={draft.impact}
                onChange={(e) => set('impact')(e.target.value)}
              >
                {IMPACT_OPTIONS.map((impact) => (
                  <option key={impact} value={impact}>
                    {IMPACT_LABELS[impact]}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        </div>
        <div className="grid grid-cols-2 gap-3">
          {text('version', F.version)}
          <FormField label={F.date} problem={problems.timestamp} shown={tried}>
            {(props) => (
              <input
                {...props}
                type="date"
                className={input}
                value={draft.date}
                onChange={(e) => set('date')(e.target.value)}
              />
            )}
          </FormField>
        </div>
        {area('description', F.description, 4)}
        {text('technologies', F.technologies, F.technologiesHint)}
        {area('features', F.features, 4, F.featuresHint)}
        {area('notes', F.notes, 2)}
        {refusal && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {refusal}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            {T.admin.cancel}
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? T.admin.saving : T.admin.save}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

export function ConfirmRemove({ build, onClose }: { build: BuildRecord; onClose: () => void }) {
  const remove = useRemoveBuild();
  const [refusal, setRefusal] = useState<string | null>(null);
  return (
    <Dialog
      open
      onOpenChange={(next) => !next && onClose()}
      title={T.admin.confirmTitle}
      description={T.admin.confirmText(build.name)}
    >
      {refusal && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {refusal}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onClose}>
          {T.admin.cancel}
        </Button>
        <Button
          variant="destructive"
          disabled={remove.isPending}
          onClick={() => {
            setRefusal(null);
            remove.mutate(build.id, {
              onSuccess: () => {
                toast({ title: T.admin.removed });
                onClose();
              },
              onError: (error) => setRefusal(`${T.admin.failedRemove}: ${failureText(error)}`),
            });
          }}
        >
          {remove.isPending ? T.admin.removing : T.admin.confirmRemove}
        </Button>
      </div>
    </Dialog>
  );
}
