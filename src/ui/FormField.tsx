// A labelled form field: the label, the control (rendered by the caller with the ids it is handed), and
// under it either the field's problem, once the form was tried, or its hint. The presence hub's register
// forms and the build history's form share it.
import { useId, type ReactNode } from 'react';

export type FormFieldControlProps = {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby'?: string;
};

export function FormField({
  label,
  hint,
  problem,
  shown,
  children,
}: {
  label: string;
  hint?: string;
  problem: string | undefined;
  /** Problems show only once the owner tried to save. */
  shown: boolean;
  children: (props: FormFieldControlProps) => ReactNode;
}) {
  const id = useId();
  const noteId = `${id}-note`;
  const showProblem = shown && problem !== undefined;
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children({
        id,
        'aria-invalid': showProblem,
        ...(showProblem || hint ? { 'aria-describedby': noteId } : {}),
      })}
      {showProblem ? (
        // The problem names its field, without the label's '(optional)'.
        <p id={noteId} className="text-sm text-red-700 dark:text-red-300">
          {label.replace(' (optional)', '')} {problem}
        </p>
      ) : hint ? (
        <p id={noteId} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
