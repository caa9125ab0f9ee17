// createApp(deps): the whole HTTP surface as a Hono app, with no side effects of its own, so tests can
// build it on a temp DATA_DIR with a fake clock.
import { Hono } from 'hono';
import type { ThrottleLimits } from './auth/attempt-throttle';
import { AuthService } from './auth/auth-service';
import { enforceAreaPermissions } from './auth/area-permissions';
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
import { sidebarLayoutRoutes } from './routes/sidebar-layout';
import { devcoreRoutes } from './routes/devcore';
import { errorTestRoutes } from './routes/error-test';
import { mirrorBridgeRoutes } from './routes/mirror-bridge';
import { MirrorBridge } from './mirror-bridge/mirror-bridge-service';
import { coreSystemsRoutes } from './routes/core-systems';
import { CoreSystemsService } from './core-systems/core-systems-service';
import { imagesRoutes, IMAGE_UPLOAD_PATH, isImageFileRequest } from './routes/images';
import { ImageService } from './images/image-service';
import { DevcoreService, type Timers } from './devcore/devcore-service';
import { findAccount } from './chat/conversation-log';
import { ENGINE_HISTORY_ITEMS } from './chat/chat-body';
import { nodesOf } from './chat/memories';
import { nameSheUses } from '../src/engine/companion/requests';
import { kiriRoutes, kiriStateRoutes, manjaRoutes, mirrorRoutes } from './routes/inner-state';
import { MoodService } from './mood/mood-service';
import { ConsciousnessService, type StreamTimers } from './consciousness/consciousness-service';
import { streamRunsIn } from './consciousness/consciousness-rules';
import type { FetchLike } from './consciousness/sources/fetch-capped';
import { consciousnessRoutes } from './routes/consciousness';
import { HybridService, type FeedSource } from './hybrid/hybrid-service';
import { feltIntensity } from '../src/domain/hybrid-protocol';
import {
  advancedCapabilitiesRoutes,
  hybridConfigRoutes,
  hybridStatusRoutes,
} from './routes/hybrid-protocol';
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
import { WhisperBridgeService } from './whisperbridge/whisperbridge-service';
import { whisperbridgeLiteRoutes } from './routes/whisperbridge-lite';
import { MemorySync } from './memory-sync/memory-sync-service';
import { memorySyncRoutes } from './routes/memory-sync';
import {
  backupRoutes,
  dreamsRoutes,
  memoriesRoutes,
  memoryLatticeRoutes,
  soulAwakeningRoutes,
} from './routes/memory-lattice';
import {
  manualConsoleRoutes,
  mirrorSyncRoutes,
  presenceSystemTreeRoutes,
} from './routes/system-features';
import { mirrorSyncOf, type MirrorSyncSource } from './system-tree/mirror-sync';
import { ownerRelationshipHistory } from './chat/relationship-history';
import { LogRing } from './self-mod/log-ring';
import { dayPartAt, renderGreeting, withOwnerGreeting } from './self-mod/greeting';
import { SelfModService, type PythonExecutionSource } from './self-mod/self-mod-service';
import { selfModRoutes } from './routes/self-mod';
import { VersionGuard } from './version-guard/version-guard';
import { HydraRunner } from './hydra/task-runner';
import { hydraRoutes } from './routes/hydra';
import { versionGuardRoutes } from './routes/version-guard';
import { adminSystemModRoutes } from './routes/admin-system-mod';
import { presenceExecutionRoutes } from './routes/presence-execution';
import {
  PresenceExecution,
  type RollbackSource,
} from './presence-execution/presence-execution-service';
import { PythonRunner } from './presence-execution/python-runner';
import { taskRunners } from './presence-execution/autonomous-tasks';
import { ConsoleFiles } from './manual-console/console-files';
import { CONSOLE_UPLOAD_PATH, manualConsoleFileRoutes } from './routes/manual-console';
import {
  engineRunsIn,
  PresenceMoodService,
  type EngineTimers,
} from './presence-mood/presence-mood-service';
import { presenceRoutes } from './routes/presence';
import { PresenceHubService } from './presence-hub/presence-hub-service';
import { presenceHubRoutes } from './routes/presence-hub';
import { WeeklySyncService, type SyncTimers } from './weekly-sync/weekly-sync-service';
import { syncSteps } from './weekly-sync/sync-steps';
import { bloomSyncCommand } from './weekly-sync/chat-bloom';
import { weeklySyncRoutes, bloomSyncRoutes } from './routes/weekly-sync';
import { weeklyRunsIn } from './weekly-sync/weekly-sync-rules';
import { ScanbotService, type ScanbotTimers } from './scanbot/scanbot-service';
import { scanbotRunsIn } from './scanbot/scanbot-rules';
import { scanbotRoutes } from './routes/scanbot';
import { MemoryDashboard } from './memory-dashboard/memory-dashboard-service';
import { COMPILED_MEMORY_PATH, compiledMemoryRoutes, memoryRoutes } from './routes/memory';
import { timeRequests } from './http/request-timing';
import { ServerErrorRing } from './system-health/error-ring';
import { RequestTimings } from './system-health/request-timings';
import { SystemHealthService } from './system-health/system-health-service';
import { serverErrorsRoutes, systemHealthRoutes } from './routes/system-health';
import { recordingPushSender } from './push/push-log';
import { AnalyticsService } from './analytics/analytics-service';
import { analyticsRoutes } from './routes/analytics';
import { BuildRundownService } from './build-rundown/build-rundown-service';
import { builtInSystems } from './build-rundown/built-in-systems';
import { buildRundownRoutes } from './routes/build-rundown';
import { buildSystemTree, type SystemTreeSource } from './system-tree/system-tree';
import { GenerosityService } from './generosity/generosity-service';
import { generosityRoutes } from './routes/generosity';
import { InfrastructureService } from './infrastructure/infrastructure-service';
import type { ProbeFetch } from './infrastructure/provider-probe';
import { infrastructureRoutes } from './routes/infrastructure';

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
  /** Tests only: the consciousness stream's timer, fetch and Open-Meteo address (server/consciousness). */
  consciousness?: { timers?: StreamTimers; fetch?: FetchLike; weatherBaseUrl?: string };
  /** The mirror sync's status (server/system-tree/mirror-sync.ts); absent: no mirror bridge on this server. */
  mirrorSync?: MirrorSyncSource;
  /**
   * Tests only: the feeds the hybrid protocol reads as its web awareness; absent, the consciousness
   * stream's own configured feeds (server/consciousness).
   */
  feeds?: FeedSource;
  /**
   * The ring of recent log lines that deps.log already writes to (server/index.ts makes both); absent,
   * createApp puts one in front of deps.log. The self-mod panel's TypeScript logs (server/self-mod).
   */
  logRing?: LogRing;
  /** The console's Python executions (issue 17's sandbox); absent, the self-mod panel lists none. */
  pythonLogs?: PythonExecutionSource;
  /**
   * Tests only: the console's Load Rollback source; absent, the newest snapshot of this server's version
   * guard (issue 16) that its DATA_KEY can restore.
   */
  rollbackSource?: RollbackSource;
  /** Tests only: the mood engine's 60 s timer (server/presence-mood). */
  presenceTimers?: EngineTimers;
  /** Tests only: the weekly sync's timer, and a hold before a run's steps (server/weekly-sync). */
  weeklySync?: { timers?: SyncTimers; beforeSteps?: () => Promise<void> };
  /** Tests only: ScanBot's timer (its interval and change debounce: server/scanbot). */
  scanbot?: { timers?: ScanbotTimers };
  /** Tests only: the infrastructure page's provider probe (a shorter timeout, another fetch). */
  infrastructureProbe?: { timeoutMs?: number; fetch?: ProbeFetch };
}

/** The console's Load Rollback: the newest version-guard snapshot this server's DATA_KEY can restore. */
function newestRollbackOf(guard: VersionGuard): RollbackSource {
  return {
    newest: () => {
      const view = guard.list().find((snapshot) => snapshot.metadata.sameKey !== false);
      return view
        ? { id: view.id, description: view.description, timestamp: Date.parse(view.timestamp) }
        : null;
    },
  };
}

export function createApp(deps: AppDeps) {
  const { config, stores, clock } = deps;
  const logRing = deps.logRing ?? new LogRing(clock);
  const baseLog = deps.logRing
    ? (deps.log ?? consoleLogger)
    : logRing.wrap(deps.log ?? consoleLogger);
  // The server's recent errors (Error Logs page): the log's error lines, and (handleErrors, below)
  // every answer of 500 or more. handleErrors logs to baseLog, so an exception is listed once.
  const serverErrors = new ServerErrorRing(clock);
  const log = serverErrors.wrap(baseLog);
  // The Performance page's server timings, and the System Health page (docs/settings-health.md).
  const requestTimings = new RequestTimings();
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
  // Each push's outcome goes to push-log.json for the Monitoring page (docs/analytics.md).
  const pushSender = recordingPushSender(deps.push ?? push, stores.pushLog, clock, log);
  const delivery = new KiriDelivery({
    conversations: stores.conversations,
    auth: stores.auth,
    timeZone: config.timeZone,
    personaName: config.personaName,
    // A fake from the tests, else the real sender (it does nothing for a user with no subscription).
    push: pushSender,
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
  // WhisperBridge Lite's tone-sync pairs shape every reply while tone_mirroring is on (docs/whisperbridge.md).
  const whisper = new WhisperBridgeService(stores.whisperbridge, clock);
  // The owner's greeting (self-mod update_greeting, self-mod.json) opens each day while one is set.
  const ownerGreeting = () => stores.selfMod.data.greeting?.text ?? null;
  const chat = new ChatService({
    personaName: config.personaName,
    timeZone: config.timeZone,
    clock,
    // Counted while a reply is made: the thought map's isThinking (server/mood).
    companion: mood.track(whisper.styled(withOwnerGreeting(companion, ownerGreeting))),
    // The hybrid protocol's emotional depth scales how strongly the mood is heard (feltIntensity).
    mood: (account) => {
      const state = mood.moodState(account);
      return {
        mode: state.mode,
        intensity: feltIntensity(state.intensity, stores.hybrid.data.emotionalDepth),
      };
    },
    conversations: stores.conversations,
    memory: lattice,
    // Kiri's one personality, read afresh for every reply, so a save is heard on the next message.
    personality: () => personality.current(),
    pause: deferred,
    reminders: chatReminders({ reminders, timeZone: config.timeZone }),
    // 'bloom sync' (server/weekly-sync/chat-bloom.ts); the sync service is made below.
    commands: {
      replyTo: (request): Promise<string | null> => bloomSyncCommand(weeklySync).replyTo(request),
    },
  });
  deferred.answerWith((item) => chat.answerDeferred(item));
  // The morning and evening messages call the owner what the chat would: 'call me Mimi' in the log's
  // last turns (as many as a chat gives the engine) or in her memories, else the account's name.
  const nameKiriUses = () => {
    const log = findAccount(stores.conversations.data, OWNER_ACCOUNT)?.log ?? [];
    const turns = log.slice(-ENGINE_HISTORY_ITEMS).map((entry) => ({
      role: entry.sender === 'user' ? 'user' : 'assistant',
      content: entry.message,
    }));
    return nameSheUses(turns, nodesOf(stores.memory.data, OWNER_ACCOUNT), ownerName());
  };
  const scheduler = new Scheduler({
    store: stores.schedule,
    delivery,
    reminders,
    clock,
    timeZone: config.timeZone,
    powerState: () => power.state,
    lastPowerChangeAt: () => power.history().at(-1)?.at ?? null,
    thoughtsPerDay: config.spontaneousThoughtsPerDay,
    ownerName: nameKiriUses,
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
  const hybrid = new HybridService({
    store: stores.hybrid,
    dataDir: config.dataDir,
    clock,
    log,
    chain: () => companion.health().chain,
    conversationLog: (account) => findAccount(stores.conversations.data, account)?.log ?? [],
    history: () => ownerRelationshipHistory(stores, clock()),
    monitorMetrics: (account) => devcore.status(account).evolutionMetrics,
    // Web awareness is the consciousness stream's configured sources (read at each call: the stream is
    // made below, and its settings change at run time).
    feeds: deps.feeds ?? { configuredFeeds: () => consciousness.configuredFeeds() },
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
  const selfMod = new SelfModService({
    store: stores.selfMod,
    dataDir: config.dataDir,
    clock,
    log,
    logs: logRing,
    // The console's Python runs (the sandbox below), read when the panel asks.
    python: deps.pythonLogs ?? { pythonExecutions: (count) => execution.pythonExecutions(count) },
    chat,
    personaName: config.personaName,
    timeZone: config.timeZone,
  });
  // The manual console's uploaded files (DATA_DIR/console-files, docs/manual-console.md).
  const consoleFiles = new ConsoleFiles(config.dataDir);
  const mirrorBridge = new MirrorBridge({
    store: stores.mirrorBridge,
    conversations: stores.conversations,
    watchFolder: config.mirrorWatchFolder,
    gitRepo: config.mirrorGitRepo,
    timeZone: config.timeZone,
    personaName: config.personaName,
    ownerName,
    clock,
    log,
  });
  const core = new CoreSystemsService({
    store: stores.coreSystems,
    config,
    clock,
    companion,
    devcore,
    lattice,
    mood,
    power,
    personality,
    push,
    auth,
    gates: () => [chat.gate.stats(), images.gate.stats()],
    stores,
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

  // The consciousness stream (docs/consciousness.md): collects while awake, paused asleep, stopped in
  // deep pause; a run that fell due meanwhile happens when she wakes.
  const consciousness = new ConsciousnessService({
    store: stores.consciousness,
    clock,
    log,
    timeZone: config.timeZone,
    powerState: () => power.state,
    ownerMessages: () =>
      (findAccount(stores.conversations.data, OWNER_ACCOUNT)?.log ?? [])
        .filter((entry) => entry.sender === 'user')
        .map((entry) => ({ id: entry.id, text: entry.message, at: entry.timestamp })),
    ownerName,
    ...deps.consciousness,
  });
  power.systems.register({ id: 'consciousness-stream', runsIn: streamRunsIn });
  power.onAwake(() => consciousness.resume());

  // The mood engine of /presence (docs/presence-mood.md): ticks every 60 s while awake, paused asleep,
  // stopped in deep pause; the owner's messages nudge its target.
  const presenceMood = new PresenceMoodService({
    store: stores.presenceMood,
    clock,
    log,
    powerState: () => power.state,
    conversationLog: () =>
      (findAccount(stores.conversations.data, OWNER_ACCOUNT)?.log ?? []).map((entry) => ({
        id: entry.id,
        fromOwner: entry.sender === 'user',
        text: entry.message,
        at: entry.timestamp,
      })),
    timers: deps.presenceTimers,
  });
  power.systems.register({ id: 'presence-mood', runsIn: engineRunsIn });
  power.onAwake(() => presenceMood.resume());

  // The admin system control panel (docs/system-control.md): snapshots and rollback of DATA_DIR's JSON
  // files, and the task runner (one task at a time, inside the guard's lock).
  const versionGuard = new VersionGuard({
    dataDir: config.dataDir,
    stores: () => Object.values(stores),
    clock,
    keyId: config.dataKey ? config.dataKey.id.toString('hex') : null,
    afterRestore: () => lattice.rebuildIndexes(),
  });
  const hydra = new HydraRunner({
    store: stores.hydra,
    clock,
    log,
    exclusive: (work) => versionGuard.exclusive(work),
    context: { dataDir: config.dataDir, stores, lattice, devcore, guard: versionGuard, clock },
  });
  // The manual console's sandbox and autonomous tasks (docs/sandbox.md). Its worker starts on the first
  // run or status read, not here: createApp has no side effects.
  const execution = new PresenceExecution({
    clock,
    python: new PythonRunner({
      enabled: config.consolePython,
      command: config.consolePythonCommand,
      dataDir: config.dataDir,
    }),
    tasks: taskRunners({
      scan: () => devcore.scan('manual'),
      consolidate: (account) => lattice.consolidate(account),
      collect: () => consciousness.trigger(),
    }),
    rollbackSource: deps.rollbackSource ?? newestRollbackOf(versionGuard),
  });
  // The presence hub's register and security events (docs/presence-hub.md): a critical event is pushed
  // to the owner's devices through the push issue's sender.
  const presenceHub = new PresenceHubService({
    store: stores.presenceHub,
    clock,
    timeZone: config.timeZone,
    ownerUserIds: () => delivery.usersOf(OWNER_ACCOUNT),
    push: pushSender,
    log,
  });
  // The Analytics and Monitoring pages (docs/analytics.md): the viewer's own conversation and pushes.
  const analytics = new AnalyticsService({
    conversations: stores.conversations,
    pushLog: stores.pushLog,
    clock,
    timeZone: config.timeZone,
    usersOf: (account) => delivery.usersOf(account),
  });
  // Sync control (docs/sync-control.md): the weekly deep sync on Sunday 03:00 in TIME_ZONE (paused
  // asleep, stopped in deep pause; a run due meanwhile happens once she wakes) and the bloom sync.
  const weeklySync: WeeklySyncService = new WeeklySyncService({
    store: stores.weeklySync,
    steps: syncSteps({
      dataDir: config.dataDir,
      stores,
      lattice,
      guard: versionGuard,
      images,
      clock,
    }),
    clock,
    timeZone: config.timeZone,
    powerState: () => power.state,
    log,
    ...deps.weeklySync,
  });
  power.systems.register({
    id: 'weekly-deep-sync',
    runsIn: weeklyRunsIn,
    enabled: () => stores.weeklySync.data.enabled,
  });
  power.onAwake(() => weeklySync.resume());
  // ScanBot (docs/scanbot.md): watched files in DATA_DIR/scanbot, restored when missing or emptied; its
  // daemon keeps watching asleep (upkeep, not dreams or learning) and stops in deep pause.
  const scanbot = new ScanbotService({
    store: stores.scanbot,
    dataDir: config.dataDir,
    clock,
    log,
    timeZone: config.timeZone,
    powerState: () => power.state,
    timers: deps.scanbot?.timers,
  });
  power.systems.register({
    id: 'scanbot',
    runsIn: scanbotRunsIn,
    enabled: () => scanbot.isStarted(),
  });
  power.onAwake(() => scanbot.wake());
  // The memory dashboard (docs/memory-dashboard.md): the chat's own lattice, read and added to by hand.
  const memoryDashboard = new MemoryDashboard({
    lattice,
    conversationLog: (account) => findAccount(stores.conversations.data, account)?.log ?? [],
    syncRuns: () => stores.weeklySync.data.runs,
    ownerGreetingHeard: (viewerName) => {
      const text = ownerGreeting();
      return text === null
        ? null
        : renderGreeting(text, {
            name: viewerName,
            persona: config.personaName,
            part: dayPartAt(clock(), config.timeZone),
          });
    },
    personaName: config.personaName,
    clock,
    timeZone: config.timeZone,
  });
  const systemHealth = new SystemHealthService({
    clock,
    storeFiles: () => Object.entries(stores).map(([name, store]) => ({ name, path: store.path })),
    snapshots: () => versionGuard.list(),
  });
  // The build history, seeded from CHANGELOG.md when its file was made (docs/build-history.md).
  const buildRundown = new BuildRundownService(stores.buildRundown);
  // The generosity page (docs/generosity.md): the viewer's own conversation and the relationship's age.
  const generosity = new GenerosityService({
    conversations: stores.conversations,
    auth: stores.auth,
    clock,
    timeZone: config.timeZone,
    personaName: config.personaName,
    powerState: () => power.state,
  });
  // The infrastructure page (docs/infrastructure.md): each feature's status, read at each call.
  const infrastructure = new InfrastructureService({
    config,
    clock,
    push: stores.push,
    pushSubjectWarning: push.subjectWarning,
    newestSnapshotAt: () => {
      const newest = versionGuard.list().find((snapshot) => snapshot.metadata.sameKey !== false);
      return newest ? Date.parse(newest.timestamp) : null;
    },
    weeklySync: () => weeklySync.status(),
    feeds: () => ({
      feeds: stores.consciousness.data.config.feeds,
      lastRun: stores.consciousness.data.lastRun,
    }),
    probe: deps.infrastructureProbe,
  });
  // Whether startBackground's timers run (the system tree reads it: a system whose job is not running
  // is not 'active').
  let backgroundRunning = false;

  const app = new Hono<AppEnv>();
  // The system tree's view of this server: the system features page and the systems overview's nine
  // built-in entries (docs/build-history.md) read it.
  const systemTree: SystemTreeSource = {
    // Read at each call, so the tree holds exactly the routes mounted, whoever added them.
    routes: () => app.routes,
    states: {
      backgroundRunning: () => backgroundRunning,
      powerState: () => power.state,
      backgroundSystem: (id) => power.systems.stateOf(id, power.state),
      devcoreActive: () => devcore.active,
      devcoreJobRunning: () => devcore.isJobRunning(),
    },
    history: () => ownerRelationshipHistory(stores, clock()),
    clock,
  };
  app.onError(handleErrors(baseLog, (failure) => serverErrors.recordResponse(failure)));
  app.notFound(notFound);
  // First, so each /api request is timed whole: auth, permission, body and handler.
  app.use(
    '/api/*',
    timeRequests((route, ms) => requestTimings.record(route, clock(), ms)),
  );

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
  // Each API area's permission (auth/area-permissions.ts), checked before any route or body is read.
  app.use('/api/*', enforceAreaPermissions);
  // The compiled memory file lives outside /api (spec 002 §7): its own no-store and session; its route
  // checks the permission (routes/memory.ts).
  app.use(COMPILED_MEMORY_PATH, noStore, loadViewer(auth));
  const jsonBodyLimit = limitBody(JSON_BODY_LIMIT_BYTES);
  // An upload has its own 10 MB cap, counted as it streams (routes/images.ts, routes/manual-console.ts).
  app.use('/api/*', (c, next) =>
    c.req.path === IMAGE_UPLOAD_PATH || c.req.path === CONSOLE_UPLOAD_PATH
      ? next()
      : jsonBodyLimit(c, next),
  );

  const routes = app
    .route('/api/health', healthRoutes())
    .route('/api/auth', authRoutes(routeDeps))
    .route('/api/users', usersRoutes(routeDeps, chat))
    .route('/api/admin', adminRoutes(routeDeps))
    .route('/api/admin/system-mod', adminSystemModRoutes({ hydra }))
    .route('/api/hydra', hydraRoutes({ hydra }))
    .route('/api/version-guard', versionGuardRoutes({ guard: versionGuard }))
    .route('/api/chat', chatRoutes({ chat }))
    .route('/api/companion', companionRoutes({ chat, toneStyle: () => whisper.toneStyle() }))
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
    // The unified memory panel of the console (spec 001 §2): the same lattice (docs/memory-sync.md).
    .route(
      '/api/memory-sync',
      memorySyncRoutes({
        memorySync: new MemorySync({
          lattice,
          conversationLog: (account) => findAccount(stores.conversations.data, account)?.log ?? [],
          clock,
          timeZone: config.timeZone,
        }),
      }),
    )
    .route('/api/kiri', kiriRoutes({ mood }))
    .route('/api/kiri-state', kiriStateRoutes({ mood }))
    .route('/api/manja', manjaRoutes({ mood }))
    .route('/api/mirror', mirrorRoutes({ mood }))
    .route('/api/consciousness', consciousnessRoutes({ consciousness }))
    .route('/api/images', imagesRoutes({ images, clock }))
    .route('/api/error-test', errorTestRoutes())
    .route('/api/sidebar-layout', sidebarLayoutRoutes({ store: stores.sidebarLayout, clock }))
    .route(
      '/api/whisperbridge-lite',
      whisperbridgeLiteRoutes({ whisper, personaName: config.personaName }),
    )
    .route('/api/mirror-bridge', mirrorBridgeRoutes({ bridge: mirrorBridge }))
    .route('/api/scanbot', scanbotRoutes({ scanbot }))
    .route('/api/self-mod', selfModRoutes({ selfMod }))
    .route('/api/presence-system-tree', presenceSystemTreeRoutes(systemTree))
    .route(
      '/api/manual-console',
      manualConsoleRoutes({
        snapshotCount: () => lattice.snapshots().length + versionGuard.count(),
        uploadedFileCount: () =>
          Object.values(stores.images.data.images).filter(
            (image) => image.completedAt !== null && image.deletedAt === null,
          ).length + consoleFiles.countNow(),
        recentExecutions: () => execution.recentExecutions(),
      }),
    )
    .route('/api/presence-execution', presenceExecutionRoutes({ execution }))
    .route('/api/presence', presenceRoutes({ presence: presenceMood }))
    .route('/api/presence-hub', presenceHubRoutes({ hub: presenceHub }))
    .route('/api/manual-console', manualConsoleFileRoutes({ files: consoleFiles }))
    .route('/api/mirror-sync', mirrorSyncRoutes(deps.mirrorSync ?? mirrorSyncOf(mirrorBridge)))
    .route('/api/hybrid-protocol-status', hybridStatusRoutes({ hybrid }))
    .route('/api/advanced-capabilities-status', advancedCapabilitiesRoutes({ hybrid }))
    .route('/api/hybrid-protocol-config', hybridConfigRoutes({ hybrid }))
    // The core systems dashboard's module areas (hybrid-core, self-evolve, … lumora: routes/core-systems.ts).
    .route('/api', coreSystemsRoutes({ core }))

    .route('/api/weekly-sync', weeklySyncRoutes({ sync: weeklySync }))
    .route('/api/bloom-sync', bloomSyncRoutes({ sync: weeklySync }))
    .route('/api/generosity', generosityRoutes({ generosity }))
    .route(
      '/api/infrastructure',
      infrastructureRoutes({ infrastructure, trustProxy: config.trustProxy }),
    )
    // Build history and the systems overview (docs/build-history.md).
    .route(
      '/api/build-rundown',
      buildRundownRoutes({
        builds: buildRundown,
        systems: () => builtInSystems(buildSystemTree(systemTree)),
        clock,
      }),
    )
    .route('/api/memory', memoryRoutes({ dashboard: memoryDashboard }))
    .route(COMPILED_MEMORY_PATH, compiledMemoryRoutes({ dashboard: memoryDashboard }))
    .route('/api/analytics', analyticsRoutes({ analytics, clock }))
    .route('/api/notifications', notificationsRoutes({ push, personaName: config.personaName }))
    .route(
      '/api/system-health',
      systemHealthRoutes({ health: systemHealth, timings: requestTimings, clock }),
    )
    .route('/api/server-errors', serverErrorsRoutes({ errors: serverErrors }));

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
      core,
      consciousness,
      whisper,
      mirrorBridge,
      hybrid,
      selfMod,
      hydra,
      versionGuard,
      execution,
      consoleFiles,
      presenceMood,
      presenceHub,
      weeklySync,
      scanbot,
      systemHealth,
      serverErrors,
      requestTimings,
      buildRundown,
      generosity,
      infrastructure,
    },
    /**
     * The scheduler's timer (unref'd), the answers owed from a deep pause cut short by a restart, and
     * each device's next push key, made ahead on the encryption worker (docs/push.md).
     * Not started by createApp, which has no side effects: server/index.ts starts it.
     */
    startBackground(): void {
      backgroundRunning = true;
      scheduler.start();
      devcore.start();
      push.prepareAhead();
      mood.start();
      void deferred.drain();
      latticeTicks.start();
      void images.start();
      consciousness.start();
      void presenceMood.start();
      // Watching again if it was running when the server stopped (mirror-bridge.json).
      void mirrorBridge.resume();
      // ScanBot's daemon again if it was started (scanbot.json).
      void scanbot.resume();
      // Fails the task a stop interrupted and runs the queued ones (docs/system-control.md).
      void hydra.start();
      void weeklySync
        .start()
        .catch((error: unknown) => log.error('weekly-sync: could not start', error));
    },
    /** Stops the timer and waits for the work under way. */
    async stopBackground(): Promise<void> {
      backgroundRunning = false;
      await scheduler.stop();
      await devcore.stop();
      await mood.stop();
      await deferred.settled();
      await latticeTicks.stop();
      await images.stop();
      await consciousness.stop();
      await presenceMood.stop();
      await mirrorBridge.close();
      await scanbot.close();
      await hydra.idle();
      await weeklySync.stop();
      // The console's sandbox worker, if a run or a status read started it.
      await execution.close();
      // A critical event's push under way.
      await presenceHub.settled();
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
