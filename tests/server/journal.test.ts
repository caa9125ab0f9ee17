// The journal of a store with a reducer (docs/server.md "Journal"): a write appends a line, a crash at
// any point replays to what was acknowledged, and a damaged journal stops the start instead of losing data.
import { appendFile, readdir, readFile, stat, writeFile, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CorruptStoreFileError } from '../../server/store/atomic-json-file';
import { openJsonFileStore, type StoreDefinition } from '../../server/store/json-file-store';
import { makeDataDir, removeDataDirs } from './support/harness';

afterEach(removeDataDirs);

// A small store with a reducer: a list of notes, each op adds one or removes one.
const notesSchema = z.object({ version: z.literal(1), notes: z.array(z.string()) });
type Notes = z.infer<typeof notesSchema>;
type NoteOp = { add: string } | { remove: string };
const definition: StoreDefinition<Notes, NoteOp> = {
  fileName: 'notes.json',
  currentVersion: 1,
  schema: notesSchema,
  defaults: () => ({ version: 1, notes: [] }),
  migrations: {},
  apply: (data, op) => {
    if ('add' in op) data.notes.push(op.add);
    else data.notes = data.notes.filter((note) => note !== op.remove);
  },
};

const open = (dataDir: string) => openJsonFileStore(dataDir, definition);
const fileOf = (dataDir: string) => join(dataDir, 'notes.json');
const journalOf = (dataDir: string) => join(dataDir, 'notes.json.journal');

describe('a journaled store', () => {
  it('appends a line per change and leaves the file alone; a reopen has every change', async () => {
    const dataDir = await makeDataDir();
    const store = await open(dataDir);
    const fileBefore = await readFile(fileOf(dataDir), 'utf8');
    await store.commit({ add: 'tea' });
    await Promise.all([store.commit({ add: 'milk' }), store.commit({ add: 'bread' })]);
    await store.commit({ remove: 'milk' });
    expect(await readFile(fileOf(dataDir), 'utf8')).toBe(fileBefore);
    expect((await readFile(journalOf(dataDir), 'utf8')).trim().split('\n')).toHaveLength(4);
    await store.close();

    const reopened = await open(dataDir);
    expect(reopened.data.notes).toEqual(['tea', 'bread']);
    // On start the journal is folded into the file and starts empty.
    expect(await readFile(journalOf(dataDir), 'utf8')).toBe('');
    expect(JSON.parse(await readFile(fileOf(dataDir), 'utf8'))).toMatchObject({
      notes: ['tea', 'bread'],
    });
    await reopened.close();
  });

  it('ignores a last line cut short by a crash (never acknowledged)', async () => {
    const dataDir = await makeDataDir();
    const store = await open(dataDir);
    await store.commit({ add: 'tea' });
    await store.close();
    await appendFile(journalOf(dataDir), '{"seq":2,"op":{"add":"half-wr');
    const reopened = await open(dataDir);
    expect(reopened.data.notes).toEqual(['tea']);
    // The next change is not written after the torn piece: the journal was folded in at start.
    await reopened.commit({ add: 'milk' });
    await reopened.close();
    expect((await open(dataDir)).data.notes).toEqual(['tea', 'milk']);
  });

  it('refuses to start on a damaged line before the end, naming the journal, and leaves both files', async () => {
    const dataDir = await makeDataDir();
    const store = await open(dataDir);
    await store.commit({ add: 'tea' });
    await store.commit({ add: 'milk' });
    await store.close();
    const lines = (await readFile(journalOf(dataDir), 'utf8')).split('\n');
    const damaged = [lines[0]!.slice(0, 10), lines[1], ''].join('\n');
    await writeFile(journalOf(dataDir), damaged);
    const file = await readFile(fileOf(dataDir), 'utf8');

    const opening = open(dataDir);
    await expect(opening).rejects.toBeInstanceOf(CorruptStoreFileError);
    await expect(opening).rejects.toThrow(
      /notes\.json\.journal cannot be read: line 1 is not valid JSON/,
    );
    expect(await readFile(journalOf(dataDir), 'utf8')).toBe(damaged);
    expect(await readFile(fileOf(dataDir), 'utf8')).toBe(file);

    // A missing change (a gap in the numbers) is refused the same way.
    await writeFile(journalOf(dataDir), `${lines[1]}\n`);
    await expect(open(dataDir)).rejects.toThrow(/change 2, but change 1 is missing before it/);
  });

  it('replays to the same data after a kill between any two steps of a compaction', async () => {
    const dataDir = await makeDataDir();
    const store = await open(dataDir);
    for (const note of ['a', 'b', 'c']) await store.commit({ add: note });
    const fileBefore = await readFile(fileOf(dataDir), 'utf8');
    const journalBefore = await readFile(journalOf(dataDir), 'utf8');
    // A change asked for while the compaction runs: it goes to the next journal.
    const compacting = store.compact();
    const during = store.commit({ add: 'd' });
    await Promise.all([compacting, during]);
    await store.commit({ remove: 'a' });
    await store.close();
    const fileAfter = await readFile(fileOf(dataDir), 'utf8');
    const journalAfter = await readFile(journalOf(dataDir), 'utf8');
    expect(journalAfter.trim().split('\n').length).toBeLessThan(journalBefore.split('\n').length);
    const expected = ['b', 'c', 'd'];

    const crashStates: [string, string, string][] = [
      // Killed while the new file was a temp file: the old file and the old journal (plus the later lines).
      ['before the rename of the file', fileBefore, journalBefore + journalAfter],
      // Killed after the file's rename, before the journal's: lines the file holds are skipped.
      ['between the two renames', fileAfter, journalBefore + journalAfter],
      ['after both', fileAfter, journalAfter],
    ];
    for (const [when, file, journal] of crashStates) {
      await writeFile(fileOf(dataDir), file);
      await writeFile(journalOf(dataDir), journal);
      await writeFile(join(dataDir, '.notes.json.4242-deadbeef0000.tmp'), '{"version":1,"no');
      const reopened = await open(dataDir);
      expect(reopened.data.notes, when).toEqual(expected);
      await reopened.close();
      expect(await readdir(dataDir), when).toEqual(['notes.json', 'notes.json.journal']);
    }
  });

  it('after a failed append (the disk refused it), later writes go to a fresh journal, never after a torn line', async () => {
    const dataDir = await makeDataDir();
    const store = await open(dataDir);
    await store.commit({ add: 'tea' });
    // What a refused write looks like to the store: its append throws.
    await (store as unknown as { handle: FileHandle }).handle.close();
    await expect(store.commit({ add: 'milk' })).rejects.toThrow();
    await store.commit({ add: 'bread' });
    await store.close();
    // The refused change stayed in memory, so it is in the data written afresh (as with a whole-file write).
    const reopened = await open(dataDir);
    expect(reopened.data.notes).toEqual(['tea', 'milk', 'bread']);
    await reopened.close();
  });

  it('compacts by itself once the journal outgrows the file, and every acknowledged change stays', async () => {
    const dataDir = await makeDataDir();
    const store = await open(dataDir);
    const note = 'x'.repeat(20_000);
    const writes = Array.from({ length: 120 }, (_, i) => store.commit({ add: `${i}:${note}` }));
    await Promise.all(writes);
    await store.flush();
    // 120 × 20 KB appended: more than the 1 MiB threshold, so at least one compaction ran.
    expect((await stat(journalOf(dataDir))).size).toBeLessThan(120 * 20_000);
    await store.close();
    const reopened = await open(dataDir);
    expect(reopened.data.notes).toHaveLength(120);
    expect(reopened.data.notes[119]!.startsWith('119:')).toBe(true);
    await reopened.close();
  });
});
