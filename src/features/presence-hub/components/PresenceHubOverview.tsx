// /presencehub, /presence-hub (spec 002 "Presence hub overview"): a collapsible sidebar with Overview and
// the nine modules, 'Active Modules (9)' cards, each module's description, status panel and features;
// admins also see Quick Actions and 'Open in Console'. Static: the modules' data lives in the console.
import { useState } from 'react';
import {
  ArrowLeft,
  CircleCheck,
  LayoutGrid,
  Lock,
  PanelLeftClose,
  PanelLeftOpen,
  Zap,
} from 'lucide-react';
import { Link } from 'react-router';
import { useAuthStatus, usePersonaName } from '@/lib/auth-session';
import { cn } from '@/ui/cn';
import { HUB_MODULES, type HubModule } from '../model/modules';
import { HUB_TEXT as T } from '../model/texts';

const CONSOLE_PATH = '/presence-hub-console';
// min-w-0 and wrapping anywhere: at 200% text a card's words wrap inside it (docs/accessibility.md).
const card = 'min-w-0 rounded-xl border border-line bg-panel p-4 wrap-anywhere';
const linkButton =
  'inline-flex h-10 items-center gap-2 rounded-lg bg-accent px-4 font-medium text-on-accent hover:bg-accent-hover';

export default function PresenceHubOverview() {
  const persona = usePersonaName();
  const isAdmin = useAuthStatus().data?.isAdmin === true;
  const [collapsed, setCollapsed] = useState(false);
  const [selected, setSelected] = useState<string | null>(null);
  const module = HUB_MODULES.find((item) => item.id === selected) ?? null;

  return (
    // On a phone the module list is a row above the page that scrolls inside its own box; beside it
    // from md up (a 15rem column beside the page pushed it past a 390 px phone's edge).
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-4 px-4 py-6 md:flex-row">
      <nav
        aria-label={T.modulesNav}
        className={cn(
          'flex min-w-0 items-center gap-1 rounded-xl border border-line bg-panel p-2 md:block md:shrink-0',
          collapsed ? 'md:w-14' : 'md:w-60',
        )}
      >
        <button
          type="button"
          onClick={() => setCollapsed((value) => !value)}
          aria-label={collapsed ? T.expand : T.collapse}
          aria-expanded={!collapsed}
          className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-lg hover:bg-stone-100 md:mb-2 dark:hover:bg-stone-800"
        >
          {collapsed ? (
            <PanelLeftOpen size={18} aria-hidden />
          ) : (
            <PanelLeftClose size={18} aria-hidden />
          )}
        </button>
        <ul className="flex min-w-0 flex-1 gap-1 overflow-x-auto md:grid">
          {[{ id: null, name: T.overview }, ...HUB_MODULES].map((item) => (
            <li key={item.id ?? 'overview'} className="shrink-0">
              <button
                type="button"
                onClick={() => setSelected(item.id)}
                aria-current={selected === item.id ? 'page' : undefined}
                title={item.name}
                className={cn(
                  'flex w-full items-center gap-2 rounded-lg px-2 py-2 text-left text-sm whitespace-nowrap md:whitespace-normal',
                  selected === item.id
                    ? 'bg-accent text-on-accent'
                    : 'hover:bg-stone-100 dark:hover:bg-stone-800',
                )}
              >
                {item.id === null ? (
                  <LayoutGrid size={16} aria-hidden />
                ) : (
                  <Zap size={16} aria-hidden />
                )}
                <span className={collapsed ? 'sr-only' : ''}>{item.name}</span>
              </button>
            </li>
          ))}
        </ul>
      </nav>

      <section className="grid min-w-0 flex-1 content-start gap-4" aria-labelledby="hub-title">
        <header className="flex flex-wrap items-center gap-3">
          <Link
            to="/"
            className="inline-flex h-10 items-center gap-2 rounded-lg px-2 hover:bg-stone-100 dark:hover:bg-stone-800"
          >
            <ArrowLeft size={18} aria-hidden />
            {T.backToKiri(persona)}
          </Link>
          <h1 id="hub-title" className="min-w-0 text-2xl font-semibold wrap-anywhere">
            {module ? module.name : T.title}
          </h1>
          {isAdmin && (
            <Link to={CONSOLE_PATH} className={cn(linkButton, 'ml-auto')}>
              {T.openInConsole}
            </Link>
          )}
        </header>

        {module ? (
          <ModuleDetail module={module} isAdmin={isAdmin} />
        ) : (
          <ModuleCards onOpen={setSelected} />
        )}

        {isAdmin && (
          <section className={card} aria-labelledby="hub-quick-actions">
            <h2 id="hub-quick-actions" className="mb-3 font-semibold">
              {T.quickActions}
            </h2>
            <div className="flex flex-wrap gap-2">
              {(['cameras', 'security', 'staff', 'vehicles'] as const).map((tab) => (
                <Link
                  key={tab}
                  to={`${CONSOLE_PATH}?tab=${tab}`}
                  className="inline-flex h-10 items-center rounded-lg border border-line px-3 hover:bg-stone-100 dark:hover:bg-stone-800"
                >
                  {T.tabs[tab]}
                </Link>
              ))}
            </div>
          </section>
        )}
      </section>
    </div>
  );
}

function ModuleCards({ onOpen }: { onOpen: (id: string) => void }) {
  return (
    <section aria-labelledby="hub-active-modules" className="grid gap-3">
      <h2 id="hub-active-modules" className="text-lg font-semibold">
        {T.activeModules(HUB_MODULES.length)}
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {HUB_MODULES.map((module) => (
          <li key={module.id}>
            <button
              type="button"
              onClick={() => onOpen(module.id)}
              className={cn(card, 'grid h-full w-full gap-1 text-left hover:border-accent')}
            >
              <span className="font-semibold">{module.name}</span>
              <span className="text-sm text-muted">{module.description}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function ModuleDetail({ module, isAdmin }: { module: HubModule; isAdmin: boolean }) {
  return (
    <div className="grid gap-4">
      <p className="text-muted">{module.description}</p>
      <section className={card} aria-label={T.status}>
        <h2 className="mb-2 font-semibold">{T.status}</h2>
        <dl className="grid gap-2 sm:grid-cols-3">
          <div className="flex items-center gap-2">
            <dt className="text-muted">{T.uptime}</dt>
            <dd className="font-semibold">{T.uptimeValue}</dd>
          </div>
          <div className="flex items-center gap-2">
            <Zap size={16} aria-hidden className="text-accent" />
            <dt>{T.realTime}</dt>
            <dd className="sr-only">✓</dd>
          </div>
          <div className="flex items-center gap-2">
            <Lock size={16} aria-hidden className="text-emerald-600" />
            <dt>{T.encrypted}</dt>
            <dd className="sr-only">✓</dd>
          </div>
        </dl>
      </section>
      <section className={card} aria-label={T.features}>
        <h2 className="mb-2 font-semibold">{T.features}</h2>
        <ul className="grid gap-1">
          {module.features.map((feature) => (
            <li key={feature} className="flex items-center gap-2">
              <CircleCheck size={16} aria-hidden className="text-emerald-600" />
              {feature}
            </li>
          ))}
        </ul>
      </section>
      {isAdmin && module.consoleTab && (
        <Link
          to={`${CONSOLE_PATH}?tab=${module.consoleTab}`}
          className={cn(linkButton, 'justify-self-start')}
        >
          {T.openInConsole}
        </Link>
      )}
    </div>
  );
}
