// Test helpers for client components: a fetch stub routed by method and path, and the app's
// providers around a component (no IndexedDB persistence, a fresh query client).
import type { ReactElement, ReactNode } from 'react';
import { act, render } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/lib/query-client';

// The providers load the toasts' code after the first paint (a dynamic import, out of the chat's first
// load). In a test file that import is a first transform of Radix Toast, which under load took longer
// than a findByText waits: loaded here once, the providers' import finds it ready.
await import('@/ui/Toaster');

export type Handler = (request: {
  method: string;
  url: string;
  body: unknown;
}) => Response | Promise<Response>;

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

export function errorAnswer(status: number, message: string): Response {
  return json({ success: false, error: message, message }, status);
}

/** Stubs global fetch: `routes` maps 'METHOD /path' to a handler; anything else is a 404. */
export function stubFetch(routes: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = new URL(url, 'http://localhost').pathname;
    const handler = routes[`${method} ${path}`];
    let body: unknown = init?.body;
    if (typeof body === 'string') {
      try {
        body = JSON.parse(body);
      } catch {
        // keep the text
      }
    }
    if (!handler) return errorAnswer(404, `No stub for ${method} ${path}`);
    return handler({ method, url, body });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export function networkDown(): Handler {
  return () => Promise.reject(new TypeError('Failed to fetch'));
}

export const AUTHENTICATED_OWNER = {
  authenticated: true,
  allowedDevice: true,
  isAdmin: true,
  isOwnerDevice: true,
  personaName: 'Kiri',
  user: { id: 'u1', clientId: 'client-1', name: 'Sam', role: 'owner' },
};

export const AUTHENTICATED_USER = {
  authenticated: true,
  allowedDevice: true,
  isAdmin: false,
  isOwnerDevice: false,
  personaName: 'Kiri',
  user: { id: 'u2', clientId: 'client-2', name: 'Alex', role: 'user' },
};

export const LOGGED_OUT = {
  authenticated: false,
  allowedDevice: true,
  isAdmin: false,
  isOwnerDevice: false,
  personaName: 'Kiri',
  user: null,
};

export function testQueryClient(): QueryClient {
  return createQueryClient();
}

export function renderWithProviders(ui: ReactElement, queryClient = testQueryClient()) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <AppProviders queryClient={queryClient} persist={false}>
      {children}
    </AppProviders>
  );
  return { queryClient, ...render(ui, { wrapper }) };
}

/** The whole app (route table, guard, layout) at `path`, in a memory router. */
export async function renderApp(path: string, queryClient = testQueryClient()) {
  const { MemoryRouter, useLocation } = await import('react-router');
  const { AppRoutes } = await import('@/app/App');
  /** Where the router is now. */
  const at = { pathname: path };
  function LocationProbe() {
    at.pathname = useLocation().pathname;
    return null;
  }
  // Awaited act: a code-split screen may suspend in the very first render (when the local flags
  // open the app at once), and React only resumes it for an awaited act.
  let result!: ReturnType<typeof render>;
  await act(async () => {
    result = render(
      <AppProviders queryClient={queryClient} persist={false}>
        <MemoryRouter initialEntries={[path]}>
          <AppRoutes />
          <LocationProbe />
        </MemoryRouter>
      </AppProviders>,
    );
  });
  return { currentPath: () => at.pathname, queryClient, ...result };
}
