// /debug-auth (issue 14 item 6): the auth status, the device check, the session and the local flags, as
// the server and this browser see them, never a secret: the session cookie is HttpOnly (no script can
// read it), the access code is never on the device, and an owner's pairing code shows only when the
// owner asks for one with the button (it is how another device is paired: README).
import type { ReactNode } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { useAuthStatus } from '@/lib/auth-session';
import { useOnline } from '@/lib/use-online';
import { Button } from '@/ui/Button';
import { Page } from '@/ui/Page';
import { toast } from '@/ui/use-toast';
import { deviceCheckQuery, postPairingCode } from '../api/auth-api';
import { DEBUG_LOCAL_KEYS, appEntries } from '../model/debug-auth';

function show(value: unknown): string {
  if (value === undefined) return '—';
  if (value === null) return 'null';
  return String(value);
}

function Fields({ rows }: { rows: Array<[string, unknown]> }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted">{label}</dt>
          <dd className="font-mono break-all">{show(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-3 rounded-xl border border-line p-4">
      {/* The titles name a request path, one long word: it wraps rather than widen the page. */}
      <h2 className="font-semibold wrap-anywhere">{title}</h2>
      {children}
    </section>
  );
}

function readFlag(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function browserSession(): Storage | null {
  try {
    return sessionStorage;
  } catch {
    return null; // Blocked outright (some private modes).
  }
}

export function DebugAuthPage() {
  const status = useAuthStatus();
  const online = useOnline();
  const device = useQuery(deviceCheckQuery);
  const data = status.data;
  const isOwnerDevice = data?.isOwnerDevice === true || device.data?.isOwnerDevice === true;

  const pairing = useMutation({
    mutationFn: postPairingCode,
    retry: false,
    networkMode: 'always',
    onError: () =>
      toast({
        title: 'Pairing code unavailable',
        description: 'Only an owner device can make one, and only online.',
        variant: 'destructive',
      }),
  });

  const refresh = () => {
    void status.refetch();
    void device.refetch();
  };

  return (
    <Page
      title="Authentication Debug"
      subtitle="What this device and the server say about the login."
    >
      <div>
        <Button variant="outline" size="sm" onClick={refresh}>
          <RefreshCw size={14} aria-hidden />
          Refresh
        </Button>
      </div>

      <Card title="Auth status (GET /api/auth/status)">
        {status.isError && (
          <p className="text-sm text-amber-600">
            The server could not be reached: {status.error.message}
          </p>
        )}
        <Fields
          rows={[
            ['authenticated', data?.authenticated],
            ['allowedDevice', data?.allowedDevice],
            ['isAdmin', data?.isAdmin],
            ['isOwnerDevice', data?.isOwnerDevice],
            ['personaName', data?.personaName],
            ['user.id', data?.user?.id],
            ['user.clientId', data?.user?.clientId],
            ['user.name', data?.user?.name],
            ['user.role', data?.user?.role],
            [
              'checked at',
              status.dataUpdatedAt ? new Date(status.dataUpdatedAt).toLocaleString() : undefined,
            ],
          ]}
        />
      </Card>

      <Card title="Device check (GET /api/auth/device-check)">
        {device.isError ? (
          <p className="text-sm text-amber-600">Failed: {device.error.message}</p>
        ) : (
          <Fields rows={[['isOwnerDevice', device.data?.isOwnerDevice]]} />
        )}
      </Card>

      <Card title="Session">
        <Fields
          rows={[
            ['logged in', data ? (data.authenticated ? 'yes' : 'no') : undefined],
            ['session cookie', 'kiri_session: HttpOnly, not readable by the page'],
            ['browser online', online ? 'yes' : 'no'],
            ...appEntries(browserSession()),
          ]}
        />
      </Card>

      <Card title="Stored flags (localStorage)">
        <Fields rows={DEBUG_LOCAL_KEYS.map((key) => [key, readFlag(key)])} />
      </Card>

      {isOwnerDevice && (
        <Card title="Pair another device">
          <p className="text-sm text-muted">
            On the other device, log in, choose 'This is another of my devices' and enter this code.
            It works once.
          </p>
          <div>
            <Button onClick={() => pairing.mutate()} disabled={pairing.isPending}>
              Pair another device
            </Button>
          </div>
          {pairing.data && (
            <p>
              <span className="font-mono text-2xl tracking-widest" data-testid="pairing-code">
                {pairing.data.code}
              </span>
              <br />
              <span className="text-sm text-muted">
                Expires at {new Date(pairing.data.expiresAt).toLocaleTimeString()}
              </span>
            </p>
          )}
        </Card>
      )}
    </Page>
  );
}

export default DebugAuthPage;
