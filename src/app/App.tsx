// The app: providers around the router. main.tsx makes the router (createAppRouter) when it suits the
// first render.
import { RouterProvider, createBrowserRouter } from 'react-router';
import { AppProviders } from './providers';
import { routes } from './routes';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

export function createAppRouter(): AppRouter {
  return createBrowserRouter(routes);
}

export function App({ router }: { router: AppRouter }) {
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
