// createApp(deps): the whole HTTP surface as a Hono app, with no side effects of its own, so tests can
// build it on a temp DATA_DIR with a fake clock.
import { Hono } from 'hono';
import type { ThrottleLimits } from './auth/attempt-throttle';
import { AuthService } from './auth/auth-service';
import { denyByDefault, loadViewer } from './auth/guards';
import { UserDirectory } from './auth/user-directory';
import { ChatService } from './chat/chat-service';
import { createCompanion, type Companion } from './companion';
import type { Config } from './config';
import type { AppEnv } from './http/app-env';
import { limitBody } from './http/body-limit';
import { handleErrors, notFound } from './http/errors';
import { clientAddressOf, isHttpsRequest } from './http/request-info';
import { noStore, refuseCrossSite, securityHeaders } from './http/security';
import { staticFiles } from './http/static-files';
import { consoleLogger, type Logger } from './log';
import { PushService, type PushTransport } from './push/push-service';
import { adminRoutes } from './routes/admin';
import { authRoutes } from './routes/auth';
import { chatRoutes } from './routes/chat';
import { companionRoutes } from './routes/companion';
import { conversationsRoutes } from './routes/conversations';
import { fallbackSystemRoutes } from './routes/fallback-system';
import { healthRoutes } from './routes/health';
import { notificationsRoutes } from './routes/notifications';
import type { RouteDeps } from './routes/route-deps';
import { usersRoutes } from './routes/users';
import { remindersRoutes } from './routes/reminders';
import { personalityRoutes } from './routes/personality';
import { PersonalityService } from './personality/personality-service';
import { sleepModeRoutes } from './routes/sleep-mode';
import { devcoreRoutes } from './routes/devcore';
import { imagesRoutes, IMAGE_UPLOAD_PATH, isImageFileRequest } from './routes/images';
import { ImageService } from './images/image-service';
import { DevcoreService, type Timers } from './devcore/devcore-service';
import { findAccount } from './chat/conversation-log';
import {
  consciousnessRoutes,
  kiriRoutes,
  kiriStateRoutes,
  manjaRoutes,
  mirrorRoutes,
} from './routes/inner-state';
import { MoodService } from './mood/mood-service';
import { DeferredReplies } from './power/deferred-replies';
import { PowerService } from './power/power-service';
import type { PushSender } from './push/push-sender';
import { chatReminders } from './reminders/chat-reminders';
import { ReminderService } from './reminders/reminder-service';
import { KiriDelivery } from './schedule/kiri-delivery';
import { Scheduler } from './schedule/scheduler';
import { registerBackgroundSystems } from './schedule/systems';
import { OWNER_ACCOUNT } from './chat/account';
import type { ScryptParams } from './store/auth-store';
import { flushStores, type Stores } from './store/stores';
import { LatticeTicks, MemoryLattice } from './memory/memory-lattice';
import {
  backupRoutes,
  dreamsRoutes,
  memoriesRoutes,
  memoryLatticeRoutes,
  soulAwakeningRoutes,
} from './routes/memory-lattice';

export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

export interface AppDeps {
  config: Config;
  stores: Stores;
  /** Milliseconds since the epoch. */
  clock: () => number;
  log?: Logger;
  /** Kiri's engine; by default the provider chain of config.llmProviders with the local engine last. */
  companion?: Companion;
  /** Tests only: a cheap scrypt cost. Never set from the environment. */
  scryptParams?: ScryptParams;
  /** Tests only: other throttle limits. */
  throttleLimits?: ThrottleLimits;
  /** Delivers web pushes (server/push); absent, Kiri's own messages still go to the conversation log. */
  push?: PushSender;
  /** How pushes reach the push services (tests: an agent that trusts their certificate, no sleeps). */
  pushTransport?: PushTransport;
  /** Tests only: the maintenance monitor's scan timer (server/devcore). */
  devcoreTimers?: Timers;
}

export function createApp(deps: AppDeps) {
  const { config, stores, clock } = deps;
  const log = deps.log ?? consoleLogger;
  const auth = new AuthService({
    store: stores.auth,
    clock,
    log,
    ownerDevicePolicy: config.ownerDevicePolicy,
    scryptParams: deps.scryptParams,
    throttleLimits: deps.throttleLimits,
  });
  const users = new UserDirectory(stores.auth, auth, clock, {
    personaName: config.personaName,
    ownerName: config.ownerName,
  });
  const routeDeps: RouteDeps = { config, auth, users, clock };
  const companion =
    deps.companion ??
    createCompanion({ providers: config.llmProviders, log: (line) => log.info(line) });
  const push = new PushService({
    store: stores.push,
    vapidSubject: config.vapidSubject,
    allowedHosts: config.pushAllowedHosts,
    clock,
    log,
    transport: deps.pushTransport,
  });
  const delivery = new KiriDelivery({
    conversations: stores.conversations,
    auth: stores.auth,
    timeZone: config.timeZone,
    personaName: config.personaName,
    // A fake from the tests, else the real sender (it does nothing for a user with no subscription).
    push: deps.push ?? push,
    log,
  });
  const power = new PowerService({
    store: stores.power,
    clock,
    log,
    lastOwnerMessageAt: () => delivery.lastOwnerMessage(OWNER_ACCOUNT)?.timestamp ?? null,
  });
  const reminders = new ReminderService({
    store: stores.reminders,
    delivery,
    clock,
    timeZone: config.timeZone,
    powerState: () => power.state,
    heldBy: (dueAt, now) => power.heldBetween(dueAt, now),
  });
  const deferred = new DeferredReplies(power, log);
  const personality = new PersonalityService(stores.personality, clock);
  const lattice = new MemoryLattice({
    memory: stores.memory,
    lattice: stores.lattice,
    dataDir: config.dataDir,
    clock,
    timeZone: config.timeZone,
    powerState: () => power.state,
    log: (line) => log.info(line),
  });
  const ownerName = () =>
    config.ownerName ??
    stores.auth.data.users.find((user) => user.role === 'owner' && user.name)?.name ??
    null;
  const mood = new MoodService({
    store: stores.mood,
    conversations: stores.conversations,
    clock,
    timeZone: config.timeZone,
    powerState: () => power.state,
    powerSince: () => power.history().at(-1)?.at ?? null,
    userName: (account) =>
      account === OWNER_ACCOUNT
        ? ownerName()
        : (stores.auth.data.users.find((user) => `user:${user.id}` === account)?.name ?? null),
    // The reflection is written in Kiri's current personality (server/personality).
    personality: () => personality.current(),
    log,
  });
  const chat = new ChatService({
    personaName: config.personaName,
    timeZone: config.timeZone,
    clock,
    // Counted while a reply is made: the thought map's isThinking (server/mood).
    companion: mood.track(companion),
    mood: (account) => {
      const state = mood.moodState(account);
      return { mode: state.mode, intensity: state.intensity };
    },
    conversations: stores.conversations,
    memory: lattice,
    // Kiri's one personality, read afresh for every reply, so a save is heard on the next message.
    personality: () => personality.current(),
    pause: deferred,
    reminders: chatReminders({ reminders, timeZone: config.timeZone }),
  });
  deferred.answerWith((item) => chat.answerDeferred(item));
  const scheduler = new Scheduler({
    store: stores.schedule,
    delivery,
    reminders,
    clock,
    timeZone: config.timeZone,
    powerState: () => power.state,
    lastPowerChangeAt: () => power.history().at(-1)?.at ?? null,
    thoughtsPerDay: config.spontaneousThoughtsPerDay,
    ownerName,
    log,
  });
  const devcore = new DevcoreService({
    store: stores.devcore,
    clock,
    log,
    // Every store file of DATA_DIR, with the version this server holds for it.
    scanTargets: () =>
      Object.values(stores).map((store) => ({ path: store.path, version: store.data.version })),
    conversationLog: (account) => findAccount(stores.conversations.data, account)?.log ?? [],
    providerCounts: () => companion.health().chain,
    timers: deps.devcoreTimers,
  });
  const images = new ImageService({
    store: stores.images,
    dataDir: config.dataDir,
    clock,
    timeZone: config.timeZone,
    chat,
    memory: lattice,
    log,
  });
  // Reminders that fell due while she slept go out as she wakes, not at the next timer tick.
  power.onAwake(() => {
    if ((reminders.nextDueAt() ?? Infinity) <= clock()) void scheduler.tickAfterWake();
  });
  registerBackgroundSystems(power.systems, {
    providers: config.llmProviders.map((provider) => provider.name),
    thoughtsPerDay: config.spontaneousThoughtsPerDay,
  });

  // The lattice's tick: the day's snapshot of memory.json, and dreams while asleep (docs/memory.md).
  power.systems.register({ id: 'memory-lattice', runsIn: (state) => state !== 'deep-pause' });
  const latticeTicks = new LatticeTicks(lattice, () => power.state, log);

  const app = new Hono<AppEnv>();
  app.onError(handleErrors(log));
  app.notFound(notFound);

  app.use(async (c, next) => {
    c.set('secure', isHttpsRequest(c, config.trustProxy));
    c.set('clientAddress', clientAddressOf(c, config.trustProxy));
    c.set('viewer', null);
    await next();
  });
  app.use(securityHeaders);
  // Photos set their own private cache header (routes/images.ts); every other answer is no-store.
  app.use('/api/*', (c, next) =>
    isImageFileRequest(c.req.method, c.req.path) ? next() : noStore(c, next),
  );
  app.use('/api/*', refuseCrossSite(config.trustProxy));
  // Sessions before bodies: a request that may not be made is refused before its body is read.
  app.use('/api/*', loadViewer(auth));
  app.use('/api/*', denyByDefault);
  const jsonBodyLimit = limitBody(JSON_BODY_LIMIT_BYTES);
  // An upload has its own 10 MB cap, counted as it streams (routes/images.ts).
  app.use('/api/*', (c, next) =>
    c.req.path === IMAGE_UPLOAD_PATH ? next() : jsonBodyLimit(c, next),
  );

  const routes = app
    .route('/api/health', healthRoutes())
    .route('/api/auth', authRoutes(routeDeps))
    .route('/api/users', usersRoutes(routeDeps, chat))
    .route('/api/admin', adminRoutes(routeDeps))
    .route('/api/chat', chatRoutes({ chat }))
    .route('/api/companion', companionRoutes({ chat }))
    .route('/api/conversations', conversationsRoutes({ chat }))
    .route('/api/fallback-system', fallbackSystemRoutes(companion))
    .route('/api/sleep-mode', sleepModeRoutes({ power }))
    .route('/api/reminders', remindersRoutes({ reminders, clock }))
    .route('/api/personality', personalityRoutes({ personality }))
    .route('/api/devcore', devcoreRoutes({ devcore }))
    .route('/api/memory-lattice', memoryLatticeRoutes({ lattice }))
    .route('/api/memories', memoriesRoutes({ lattice }))
    .route('/api/backup', backupRoutes({ lattice }))
    .route('/api/soul-awakening-status', soulAwakeningRoutes({ lattice }))
    .route('/api/dreams', dreamsRoutes({ lattice }))
    .route('/api/kiri', kiriRoutes({ mood }))
    .route('/api/kiri-state', kiriStateRoutes({ mood }))
    .route('/api/manja', manjaRoutes({ mood }))
    .route('/api/mirror', mirrorRoutes({ mood }))
    .route('/api/consciousness', consciousnessRoutes({ mood }))
    .route('/api/images', imagesRoutes({ images, clock }))

    .route('/api/notifications', notificationsRoutes({ push, personaName: config.personaName }));

  if (config.serveStatic) app.use(staticFiles(config.staticDir));

  return Object.assign(routes, {
    services: {
      auth,
      users,
      chat,
      companion,
      push,
      power,
      reminders,
      scheduler,
      deferred,
      delivery,
      personality,
      devcore,
      lattice,
      mood,
      images,
    },
    /**
     * The scheduler's timer (unref'd), the answers owed from a deep pause cut short by a restart, and
     * each device's next push key, made ahead on the encryption worker (docs/push.md).
     * Not started by createApp, which has no side effects: server/index.ts starts it.
     */
    startBackground(): void {
      scheduler.start();
      devcore.start();
      push.prepareAhead();
      mood.start();
      void deferred.drain();
      latticeTicks.start();
      void images.start();
    },
    /** Stops the timer and waits for the work under way. */
    async stopBackground(): Promise<void> {
      await scheduler.stop();
      await devcore.stop();
      await mood.stop();
      await deferred.settled();
      await latticeTicks.stop();
      await images.stop();
    },
    /** Writes what is kept in memory on purpose (last-use times) and waits for every queued write. */
    async persistState(): Promise<void> {
      await auth.persistUseTimes();
      await flushStores(stores);
    },
  });
}

export type KiriApp = ReturnType<typeof createApp>;
/** For the client's typed API calls (hono/client), imported with `import type`. */
export type AppType = KiriApp;
