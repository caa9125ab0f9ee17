// Starts Kiri: config, the DATA_DIR lock, the stores, the app, the HTTP server; and stops it cleanly.
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { prepareAccessCode } from './auth/access-code';
import { ConfigError, loadConfigFromProcess, type Config } from './config';
import { createCompanion } from './companion';
import { hasBuiltApp } from './http/static-files';
import { consoleLogger as log } from './log';
import { LogRing } from './self-mod/log-ring';
import { CorruptStoreFileError } from './store/atomic-json-file';
import { DataKeyError } from './store/at-rest';
import { acquireDataDirLock, DataDirLockedError, type DataDirLock } from './store/data-dir-lock';
import { openStores } from './store/stores';

/** Past this, open connections are cut so that a stuck client cannot hold the shutdown. */
const SHUTDOWN_GRACE_MS = 5_000;

function loadConfigOrExit(): Config {
  try {
    return loadConfigFromProcess();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  let lock: DataDirLock | null = null;
  try {
    lock = await acquireDataDirLock(config.dataDir);
    const stores = await openStores(config.dataDir, { dataKey: config.dataKey });
    const { generatedCode } = await prepareAccessCode(stores.auth, config.accessCode);
    if (generatedCode) {
      // Shown now, before anything else can fail: it is already stored, and never shown again.
      log.info(
        `Access code: ${generatedCode}\n` +
          'It is shown this once and stored only as a hash. Write it down, or set ACCESS_CODE.',
      );
    }
    // From here on the server's lines also go to the ring the self-mod panel reads (the access code
    // above never does).
    const logRing = new LogRing();
    const appLog = logRing.wrap(log);
    const companion = createCompanion({
      providers: config.llmProviders,
      log: (line) => appLog.info(line),
    });
    const app = createApp({ config, stores, clock: Date.now, log: appLog, logRing, companion });
    app.startBackground();
    const { push } = app.services;
    if (push.subjectWarning) appLog.warn(push.subjectWarning);

    if (config.serveStatic && !hasBuiltApp(config.staticDir)) {
      appLog.warn(`No built app in ${config.staticDir}: run "npm run build" (or "npm start").`);
    }

    const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () => {
      const host = config.host.includes(':') ? `[${config.host}]` : config.host;
      appLog.info(`Kiri is running at http://${host}:${config.port}`);
    });
    server.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') {
        console.error(
          `Port ${config.port} on ${config.host} is already in use: set PORT to another.`,
        );
      } else {
        appLog.error('The HTTP server failed', error);
      }
      void lock?.release().finally(() => process.exit(1));
    });

    let stopping = false;
    const stop = async (signal: string) => {
      if (stopping) return;
      stopping = true;
      appLog.info(`${signal} received: stopping`);
      const cutOff = setTimeout(() => {
        if ('closeAllConnections' in server) server.closeAllConnections();
      }, SHUTDOWN_GRACE_MS);
      cutOff.unref();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      let exitCode = 0;
      try {
        await app.stopBackground();
        await app.persistState();
      } catch (error) {
        appLog.error('Could not save everything before stopping', error);
        exitCode = 1;
      }
      push.close();
      await lock?.release();
      process.exit(exitCode);
    };
    process.on('SIGTERM', () => void stop('SIGTERM'));
    process.on('SIGINT', () => void stop('SIGINT'));
  } catch (error) {
    await lock?.release();
    throw error;
  }
}

main().catch((error: unknown) => {
  // The expected start failures carry a message written for people; anything else keeps its stack.
  const explained =
    error instanceof DataDirLockedError ||
    error instanceof CorruptStoreFileError ||
    error instanceof DataKeyError;
  console.error(explained ? error.message : error);
  process.exit(1);
});
