// The app: providers around the router. The route table is flat (one frame, every screen a child
// of it, no loaders or actions), so the declarative router renders it (BrowserRouter and useRoutes):
// the data router (createBrowserRouter) was 16 KB gzip more of the chat's first load for nothing
// the app uses (docs/bench.md, "bundle").
import { BrowserRouter, useRoutes } from 'react-router';
import { AppProviders } from './providers';
import { RouteError } from './RootLayout';
import { ErrorBoundary } from './ErrorBoundary';
import { routes } from './routes';

/** The route table rendered at the router's location (BrowserRouter here, MemoryRouter in tests). */
export function AppRoutes() {
  return (
    // Only for errors outside the frame's own boundaries (none expected): the router's error element.
    <ErrorBoundary fallback={({ error }) => <RouteError error={error} />}>
      <RouteTable />
    </ErrorBoundary>
  );
}

function RouteTable() {
  return useRoutes(routes);
}

export function App() {
  return (
    <AppProviders>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
