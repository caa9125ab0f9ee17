// The task manager's info page (/hydra-tasks, /settings/hydra; spec 002 "Task manager"): the feature is
// disabled, its static task asset is loaded by the chat, and nothing runs from here. It says where tasks
// do run. No server call: it shows no state beyond whether the viewer may open the console.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useAuthStatus, usePersonaName } from '@/lib/auth-session';
import { BackLink } from '@/ui/BackLink';
import { TASK_MANAGER_TEXT as T } from '../model/texts';

const card = 'grid gap-3 rounded-xl border border-line bg-panel p-4';

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <li className="grid gap-1">
      <h3 className="font-medium">{title}</h3>
      {children}
    </li>
  );
}

export default function TaskManagerScreen() {
  const isAdmin = useAuthStatus().data?.isAdmin === true;
  const persona = usePersonaName();
  return (
    // Words wrap anywhere (a path such as /hydra/task_tabs.json is one word) rather than widen the page.
    <section
      className="mx-auto grid w-full max-w-3xl gap-4 px-4 py-6 wrap-anywhere"
      aria-labelledby="task-manager-title"
    >
      {/* At large text the title goes under the back arrow rather than past the screen's edge. */}
      <header className="flex flex-wrap items-center gap-2">
        <BackLink label={T.back} />
        <h1
          id="task-manager-title"
          className="min-w-0 flex-1 basis-48 text-2xl font-semibold wrap-anywhere"
        >
          {T.title}
        </h1>
      </header>

      <section className={card} aria-labelledby="task-manager-status">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="task-manager-status" className="text-lg font-semibold">
            {T.statusLabel}
          </h2>
          <span
            data-testid="task-manager-status"
            className="rounded-full bg-stone-200 px-3 py-1 text-sm font-semibold text-stone-800 dark:bg-stone-800 dark:text-stone-200"
          >
            {T.status}
          </span>
        </div>
        <p className="text-sm">{T.summary}</p>
      </section>

      <section className={card} aria-labelledby="task-manager-would-be">
        <h2 id="task-manager-would-be" className="text-lg font-semibold">
          {T.wouldBeTitle}
        </h2>
        <p className="text-sm">{T.wouldBe(persona)}</p>
      </section>

      <section className={card} aria-labelledby="task-manager-assets">
        <h2 id="task-manager-assets" className="text-lg font-semibold">
          {T.assetsTitle}
        </h2>
        <ul className="list-disc grid gap-1 pl-5 text-sm">
          {T.assets(persona).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </section>

      <section className={card} aria-labelledby="task-manager-elsewhere">
        <h2 id="task-manager-elsewhere" className="text-lg font-semibold">
          {T.elsewhereTitle}
        </h2>
        <ul className="grid gap-3 text-sm">
          <Part title={T.console.title}>
            <p>{T.console.text}</p>
            {isAdmin ? (
              <Link
                to="/console"
                className="justify-self-start font-medium text-accent underline-offset-2 hover:underline"
              >
                {T.console.open}
              </Link>
            ) : (
              <p className="text-muted">{T.console.adminOnly}</p>
            )}
          </Part>
          <Part title={T.browser.title}>
            <p>{T.browser.text(persona)}</p>
          </Part>
          <Part title={T.scheduled.title}>
            <p>{T.scheduled.text}</p>
          </Part>
        </ul>
      </section>
    </section>
  );
}
