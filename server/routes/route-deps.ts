// What the route modules are built from; createApp assembles it once.
import type { AuthService } from '../auth/auth-service';
import type { UserDirectory } from '../auth/user-directory';
import type { Config } from '../config';

export interface RouteDeps {
  config: Config;
  auth: AuthService;
  users: UserDirectory;
  clock: () => number;
}
