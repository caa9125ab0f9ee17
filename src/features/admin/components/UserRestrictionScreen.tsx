// The user restriction page (/user-restriction-mode; spec 002 "User restriction page", §3, §6, §8): the
// restriction-mode switch, the default permissions for new users in their three groups, and everyone who
// has logged in with their access level, promote (to engineer or admin, and back) and remove. Real data
// through TanStack Query; offline it shows the last known list, marked as such, and offers no changes.
import { useState, type ReactNode } from 'react';
import { RefreshCw, Trash2 } from 'lucide-react';
import { PERMISSION_GROUPS, PERMISSION_IDS, type PermissionId } from '@/domain/permissions';
import { useAuthStatus } from '@/lib/auth-session';
import { useOnline } from '@/lib/use-online';
import { useTimeZone } from '@/lib/use-time-zone';
import { Button } from '@/ui/Button';
import { cn } from '@/ui/cn';
import { Dialog } from '@/ui/Dialog';
import {
  useAdminUsers,
  useRemoveUser,
  useRestrictions,
  useSaveRestrictions,
  useSetAccessLevel,
} from '../hooks/useAdmin';
import { useNow } from '@/lib/use-now';
import { ADMIN_TEXT, LEVEL_LABEL, levelActionLabel, PERMISSION_LABEL } from '../model/texts';
import {
  canRemove,
  lastAccessText,
  levelChoices,
  sameRestrictions,
  sortedUsers,
  toggledPermission,
  type Restrictions,
  type UserProfile,
  type Viewer,
} from '../model/users';
import { BackLink } from '@/ui/BackLink';
import { OfflineNotice } from '@/ui/OfflineNotice';

function Card({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="grid gap-3 rounded-xl border border-line bg-panel p-4">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

export default function UserRestrictionScreen() {
  const auth = useAuthStatus().data;
  const viewer: Viewer = {
    id: auth?.user?.id ?? null,
    role: auth?.user?.role ?? 'user',
    isAdmin: auth?.isAdmin === true,
    isOwnerDevice: auth?.isOwnerDevice === true,
  };
  const online = useOnline();
  const users = useAdminUsers();
  const restrictions = useRestrictions();
  const timeZone = useTimeZone();
  const now = useNow(30_000);
  // Offline, or the server not answering: what is shown is the last list read, and nothing can change.
  const unreachable = !online || users.isError;
  const lastRead = users.dataUpdatedAt
    ? lastAccessText(new Date(users.dataUpdatedAt).toISOString(), now, timeZone)
    : null;

  return (
    <section className="mx-auto grid w-full max-w-3xl gap-4 px-4 py-6">
      {/* At large text the title goes under the back arrow rather than past the screen's edge. */}
      <header className="flex flex-wrap items-center gap-3">
        <BackLink label={ADMIN_TEXT.back} />
        <div className="grid min-w-0 flex-1 basis-48 gap-0.5 wrap-anywhere">
          <h1 className="text-2xl font-semibold">{ADMIN_TEXT.title}</h1>
          <p className="text-sm text-muted">{ADMIN_TEXT.subtitle}</p>
        </div>
      </header>

      {unreachable && (
        <OfflineNotice title={online ? ADMIN_TEXT.unreachableTitle : ADMIN_TEXT.offlineTitle}>
          {users.data && lastRead && ADMIN_TEXT.offlineText(lastRead)}
        </OfflineNotice>
      )}

      <Card id="restriction-settings" title={ADMIN_TEXT.restrictionCard}>
        {restrictions.data ? (
          <RestrictionEditor
            // Remounted when the server's settings change, so the editor starts from them.
            key={JSON.stringify(restrictions.data)}
            saved={restrictions.data}
            disabled={unreachable}
          />
        ) : restrictions.isError ? (
          <p className="text-muted">{ADMIN_TEXT.loadFailed}</p>
        ) : (
          <p role="status" className="text-muted">
            {ADMIN_TEXT.loading}
          </p>
        )}
      </Card>

      <Card id="users" title={ADMIN_TEXT.usersCard}>
        {users.data ? (
          users.data.length === 0 ? (
            <p className="text-muted">{ADMIN_TEXT.noUsers}</p>
          ) : (
            <ul className="grid gap-3" aria-label={ADMIN_TEXT.usersCard}>
              {sortedUsers(users.data).map((user) => (
                <UserRow
                  key={user.id}
                  user={user}
                  viewer={viewer}
                  disabled={unreachable}
                  now={now}
                  timeZone={timeZone}
                />
              ))}
            </ul>
          )
        ) : users.isError ? (
          <div className="grid justify-items-start gap-2">
            <p className="text-muted">{ADMIN_TEXT.loadFailed}</p>
            <Button variant="outline" size="sm" onClick={() => void users.refetch()}>
              <RefreshCw size={14} aria-hidden className="mr-1" />
              {ADMIN_TEXT.retry}
            </Button>
          </div>
        ) : (
          <p role="status" className="text-muted">
            {ADMIN_TEXT.loading}
          </p>
        )}
      </Card>
    </section>
  );
}

function RestrictionEditor({ saved, disabled }: { saved: Restrictions; disabled: boolean }) {
  const [draft, setDraft] = useState<Restrictions>(saved);
  const save = useSaveRestrictions();
  const changed = !sameRestrictions(draft, saved);
  return (
    <form
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(draft);
      }}
    >
      <label className="flex items-start justify-between gap-4">
        <span className="grid min-w-0 gap-0.5 break-words">
          <span className="font-medium">{ADMIN_TEXT.restrictionMode}</span>
          <span className="text-sm text-muted">
            {draft.restrictionMode ? ADMIN_TEXT.restrictionOn : ADMIN_TEXT.restrictionOff}
          </span>
        </span>
        <input
          type="checkbox"
          role="switch"
          aria-checked={draft.restrictionMode}
          checked={draft.restrictionMode}
          disabled={disabled}
          onChange={(event) => setDraft({ ...draft, restrictionMode: event.target.checked })}
          className="mt-1 h-5 w-9 shrink-0 accent-accent"
        />
      </label>

      <fieldset className="grid gap-3" disabled={disabled}>
        <legend className="font-medium">{ADMIN_TEXT.defaultsTitle}</legend>
        <p className="-mt-2 text-sm text-muted">{ADMIN_TEXT.defaultsHint}</p>
        {PERMISSION_GROUPS.map((group) => (
          <fieldset key={group.id} className="grid gap-1">
            <legend className="text-sm font-semibold tracking-wide text-muted uppercase">
              {group.title}
            </legend>
            <div className="grid gap-1 sm:grid-cols-2">
              {group.permissions.map((id) => (
                <label key={id} className="flex items-center gap-2">
                  <input
                    type="checkbox"
                    checked={draft.defaultPermissions.includes(id)}
                    onChange={(event) =>
                      setDraft({
                        ...draft,
                        defaultPermissions: toggledPermission(
                          draft.defaultPermissions,
                          id,
                          event.target.checked,
                        ),
                      })
                    }
                  />
                  {PERMISSION_LABEL[id]}
                </label>
              ))}
            </div>
          </fieldset>
        ))}
      </fieldset>

      <div>
        <Button type="submit" disabled={disabled || !changed || save.isPending}>
          {save.isPending ? ADMIN_TEXT.saving : ADMIN_TEXT.save}
        </Button>
      </div>
    </form>
  );
}

function permissionsText(permissions: readonly PermissionId[]): string {
  if (permissions.length === PERMISSION_IDS.length) return ADMIN_TEXT.allPermissions;
  if (permissions.length === 0) return ADMIN_TEXT.noPermissions;
  return permissions.map((id) => PERMISSION_LABEL[id]).join(', ');
}

function UserRow({
  user,
  viewer,
  disabled,
  now,
  timeZone,
}: {
  user: UserProfile;
  viewer: Viewer;
  disabled: boolean;
  now: number;
  timeZone: string | undefined;
}) {
  const setLevel = useSetAccessLevel();
  const remove = useRemoveUser();
  const [confirming, setConfirming] = useState(false);
  const name = user.name ?? ADMIN_TEXT.unnamed;
  const busy = disabled || setLevel.isPending || remove.isPending;
  const choices = levelChoices(user, viewer);
  return (
    <li
      aria-label={name}
      data-testid="admin-user"
      className="grid gap-2 rounded-lg border border-line p-3"
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className={cn('font-semibold', user.name === null && 'text-muted italic')}>
          {name}
        </span>
        {user.id === viewer.id && <span className="text-sm text-muted">({ADMIN_TEXT.you})</span>}
        <span
          data-testid="access-level"
          className="rounded-full bg-stone-200 px-2 py-0.5 text-xs font-semibold dark:bg-stone-800"
        >
          {LEVEL_LABEL[user.accessLevel]}
        </span>
        <span
          data-testid="presence"
          className={cn(
            'inline-flex items-center gap-1 text-xs',
            user.isOnline ? 'text-emerald-700 dark:text-emerald-400' : 'text-muted',
          )}
        >
          <span
            aria-hidden
            className={cn(
              'h-2 w-2 rounded-full',
              user.isOnline ? 'bg-emerald-500' : 'bg-stone-400',
            )}
          />
          {user.isOnline ? ADMIN_TEXT.online : ADMIN_TEXT.offline}
        </span>
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-0.5 text-sm wrap-anywhere">
        <dt className="text-muted">{ADMIN_TEXT.device}</dt>
        <dd>{user.deviceType}</dd>
        <dt className="text-muted">{ADMIN_TEXT.lastAccess}</dt>
        <dd>{lastAccessText(user.lastAccess, now, timeZone)}</dd>
        <dt className="text-muted">{ADMIN_TEXT.permissions}</dt>
        <dd data-testid="permissions">{permissionsText(user.permissions)}</dd>
      </dl>
      {(choices.length > 0 || canRemove(user, viewer)) && (
        <div className="flex flex-wrap gap-2">
          {choices.map((level) => (
            <Button
              key={level}
              size="sm"
              variant="outline"
              disabled={busy}
              onClick={() => setLevel.mutate({ id: user.id, name, level })}
            >
              {levelActionLabel(level)}
            </Button>
          ))}
          {canRemove(user, viewer) && (
            <Button
              size="sm"
              variant="destructive"
              disabled={busy}
              onClick={() => setConfirming(true)}
            >
              <Trash2 size={14} aria-hidden className="mr-1" />
              {ADMIN_TEXT.remove}
            </Button>
          )}
        </div>
      )}
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title={ADMIN_TEXT.confirmRemoveTitle(name)}
        description={ADMIN_TEXT.confirmRemoveText}
      >
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={() => setConfirming(false)}>
            {ADMIN_TEXT.cancel}
          </Button>
          <Button
            variant="destructive"
            disabled={busy}
            onClick={() => {
              setConfirming(false);
              remove.mutate({ id: user.id, name });
            }}
          >
            {ADMIN_TEXT.remove}
          </Button>
        </div>
      </Dialog>
    </li>
  );
}
