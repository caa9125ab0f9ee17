// Run as a child process by tests/server/encryption-at-rest.test.ts: opens DATA_DIR with the key, turns
// encryption at rest on as the settings form does, and kills itself with SIGKILL (no cleanup, no flush)
// once `filesBeforeKill` files are rewritten: a stop in the middle of a migration.
import { HybridService } from '../../../server/hybrid/hybrid-service';
import { silentLogger } from '../../../server/log';
import { parseDataKey } from '../../../server/store/at-rest';
import { openStores } from '../../../server/store/stores';

const [dataDir, keyText, killAfter] = process.argv.slice(2);
const dataKey = parseDataKey(keyText ?? '');
if (!dataDir || !dataKey) throw new Error('usage: migrate-and-die <dataDir> <key> <files>');
const filesBeforeKill = Number(killAfter);

const stores = await openStores(dataDir, { dataKey });
const hybrid = new HybridService({
  store: stores.hybrid,
  dataDir,
  clock: Date.now,
  log: silentLogger,
  chain: () => [],
  conversationLog: () => [],
  history: () => ({ daysKnown: 0, ownerMessages: 0, memories: 0 }),
  monitorMetrics: () => ({
    conversationAccuracy: null,
    emotionalResonance: null,
    responseQuality: null,
    userSatisfaction: null,
    adaptationSuccess: null,
  }),
});
let done = 0;
await hybrid.configure({ encryptionEnabled: true }, 'kill test', {
  afterFile: () => {
    done += 1;
    if (done >= filesBeforeKill) process.kill(process.pid, 'SIGKILL');
  },
});
// Not reached when the kill came first.
process.stdout.write('finished without being killed\n');
