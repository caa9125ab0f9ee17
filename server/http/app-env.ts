// What every request of the app carries: set by the app's middleware, read by guards and handlers.
import type { HttpBindings } from '@hono/node-server';
import type { Viewer } from '../auth/auth-service';

export interface AppVariables {
  /** The logged-in user of this request's session, or null. */
  viewer: Viewer | null;
  /** Whether the browser reached us over HTTPS (directly, or through a trusted proxy). */
  secure: boolean;
  clientAddress: string;
}

export interface AppEnv {
  Variables: AppVariables;
  /** Present under @hono/node-server; tests pass them to app.request to set the client address. */
  Bindings: Partial<HttpBindings>;
}

/** For handlers behind requireSession. */
export interface SessionEnv extends AppEnv {
  Variables: AppVariables & { viewer: Viewer };
}
