import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.js';
import { registerUser, type TestUser } from '../test/factories.js';
import { createItem } from '../test/item-factories.js';
import { createPage } from '../test/page-factories.js';
import { PNG, uploadTo } from '../test/upload-helpers.js';
import { nodeBlobFs, type BlobFs } from './blob-fs.js';
import { localBlobStore, newBlobKey, type StoredEntry } from './blob-store.js';
import { blobStoreContract } from './blob-store-contract.js';

const roots: string[] = [];
async function freshRoot(): Promise<string> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'folio-blobs-'));
  roots.push(root);
  return root;
}
afterAll(async () => {
  for (const root of roots) await fs.rm(root, { recursive: true, force: true });
});

/** The real file system, with every step written to `steps` (paths relative to `root`). */
function recordingFs(root: string, steps: string[], overrides: Partial<BlobFs> = {}): BlobFs {
  const rel = (p: string) => path.relative(root, p).replace(/[0-9a-f]{32}/, 'ID').replace(/\.[0-9a-z]+\.tmp$/, '.TMP') || '.';
  const base = { ...nodeBlobFs, ...overrides };
  return {
    ...base,
    mkdir: async (dir) => {
      const made = await base.mkdir(dir);
      steps.push(`mkdir ${rel(dir)}${made ? '' : ' (existed)'}`);
      return made;
    },
    writeDurably: async (file, data) => {
      steps.push(`write+fsync ${rel(file)}`);
      await base.writeDurably(file, data);
    },
    rename: async (from, to) => {
      steps.push(`rename ${rel(from)} -> ${rel(to)}`);
      await base.rename(from, to);
    },
    syncDir: async (dir) => {
      steps.push(`fsync dir ${rel(dir)}`);
      await base.syncDir(dir);
    },
  };
}

const filesUnder = async (root: string) => (await fs.readdir(root, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => path.relative(root, path.join(e.parentPath, e.name)));

describe('localBlobStore keeps the BlobStore contract', () => {
  blobStoreContract(async () => localBlobStore(await freshRoot()));
});

describe('localBlobStore.put', () => {
  afterEach(() => vi.restoreAllMocks());

  it('writes aside, flushes the file, renames it into place, then flushes the directory', async () => {
    const root = await freshRoot();
    await fs.rmdir(root);
    const steps: string[] = [];
    const store = localBlobStore(root, recordingFs(root, steps));
    const key = newBlobKey();
    await store.put(key, Buffer.from('first'));
    const fan = key.slice(0, 2);
    expect(steps).toEqual([
      `mkdir ${fan}`,
      // The new store and fan-out folders are entries of their parents: flushed before anything is stored.
      `fsync dir ..`,
      'fsync dir .',
      `write+fsync ${fan}/ID.TMP`,
      `rename ${fan}/ID.TMP -> ${fan}/ID`,
      `fsync dir ${fan}`,
    ]);

    steps.length = 0;
    const second = `${fan}/${newBlobKey().slice(3)}`;
    await store.put(second, Buffer.from('second'));
    expect(steps).toEqual([`mkdir ${fan} (existed)`, `write+fsync ${fan}/ID.TMP`, `rename ${fan}/ID.TMP -> ${fan}/ID`, `fsync dir ${fan}`]);
    expect((await store.get(key))?.toString()).toBe('first');
    expect((await store.get(second))?.toString()).toBe('second');
    expect((await fs.stat(path.join(root, key))).mode & 0o777).toBe(0o600);
  });

  it('flushes the bytes to disk after writing them, and flushes a directory (writeDurably, syncDir)', async () => {
    const root = await freshRoot();
    const probe = await fs.open(path.join(root, 'probe'), 'w');
    const handleClass = Object.getPrototypeOf(probe) as Record<'writeFile' | 'sync', (...args: unknown[]) => Promise<unknown>>;
    await probe.close();
    const calls: string[] = [];
    const spy = (name: 'writeFile' | 'sync') => {
      const original = handleClass[name];
      vi.spyOn(handleClass, name).mockImplementation(function (this: unknown, ...args: unknown[]) {
        calls.push(name);
        return original.apply(this, args);
      });
    };
    spy('writeFile');
    spy('sync');
    await nodeBlobFs.writeDurably(path.join(root, 'file'), Buffer.from('bytes'));
    expect(calls).toEqual(['writeFile', 'sync']);
    await nodeBlobFs.syncDir(root);
    expect(calls).toEqual(['writeFile', 'sync', 'sync']);
    expect(await fs.readFile(path.join(root, 'file'), 'utf8')).toBe('bytes');
  });

  it('leaves neither the blob nor its temp file when a step fails', async () => {
    const root = await freshRoot();
    const enospc = () => Promise.reject(Object.assign(new Error('no space left on device'), { code: 'ENOSPC' }));
    for (const failing of [{ rename: enospc }, { syncDir: enospc }, { writeDurably: enospc }] satisfies Partial<BlobFs>[]) {
      const key = newBlobKey();
      const store = localBlobStore(root, { ...nodeBlobFs, ...failing });
      await expect(store.put(key, Buffer.from('x'))).rejects.toThrow('no space');
      expect((await filesUnder(root)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    }
    // A failing directory flush comes after the rename: the blob is there, but put() did not resolve, so
    // no row names it and the sweep removes it an hour later.
  });

  it('refuses keys that are not its own', async () => {
    const store = localBlobStore(await freshRoot());
    for (const key of ['../etc/passwd', 'ab/../../x', 'AB/0123456789abcdef0123456789abcdef', 'ab']) {
      await expect(store.put(key, Buffer.from('x'))).rejects.toThrow('invalid blob key');
    }
    await expect(store.removeIfOlder({ kind: 'temp', name: '../ab/0123456789abcdef0123456789abcdef.x.tmp' }, 0)).rejects.toThrow('invalid temp name');
  });
});

describe('localBlobStore.scan and removeIfOlder', () => {
  it('lists blobs and temp files of the fan-out folders only, and removes only what is older than the cutoff', async () => {
    const root = await freshRoot();
    const store = localBlobStore(root);
    const key = newBlobKey();
    await store.put(key, Buffer.from('blob'));
    const temp = `${key}.4f2a.tmp`;
    const legacyTemp = `${key}.12345.tmp`;
    const restoreTemp = `${key}.12345.restore.tmp`;
    for (const name of [temp, legacyTemp, restoreTemp, 'notes.txt', `${key.slice(0, 2)}/readme.md`]) await fs.writeFile(path.join(root, name), 'x');
    await fs.mkdir(path.join(root, 'zz'));
    await fs.writeFile(path.join(root, 'zz', '0123456789abcdef0123456789abcdef'), 'not a fan-out folder');

    const seen: StoredEntry[] = [];
    for await (const entry of store.scan()) seen.push(entry);
    expect(seen).toHaveLength(4);
    expect(seen).toEqual(
      expect.arrayContaining([{ kind: 'blob', key }, { kind: 'temp', name: temp }, { kind: 'temp', name: legacyTemp }, { kind: 'temp', name: restoreTemp }]),
    );

    const written = Math.floor((await fs.stat(path.join(root, key))).mtimeMs / 1000);
    expect(await store.removeIfOlder({ kind: 'blob', key }, written)).toBe(false);
    expect(await store.get(key)).not.toBeNull();
    expect(await store.removeIfOlder({ kind: 'blob', key }, written + 1)).toBe(true);
    expect(await store.get(key)).toBeNull();
    // Gone meanwhile: nothing to do, no error.
    expect(await store.removeIfOlder({ kind: 'blob', key }, written + 1)).toBe(false);
  });

  it('finds nothing in a store never written to', async () => {
    const store = localBlobStore(path.join(await freshRoot(), 'never-made'));
    const seen: StoredEntry[] = [];
    for await (const entry of store.scan()) seen.push(entry);
    expect(seen).toEqual([]);
  });
});

describe('an upload through the API', () => {
  let t: TestApp;
  let owner: TestUser;
  let target: { item_id: number; page_id: number };

  beforeAll(async () => {
    t = await startTestApp();
    owner = await registerUser(t);
    const item = await createItem(t, owner);
    target = { item_id: item.item_id, page_id: (await createPage(t, owner, item.item_id)).page_id };
  });
  afterAll(() => t?.close());

  const rows = async () => (await t.database.db.selectFrom('upload_file').select('storage_key').execute()).map((r) => r.storage_key);
  const upload = () => uploadTo(t, 'page/uploadImg', target, { field: 'editormd-image-file', filename: 'shot.png', data: PNG, contentType: 'image/png' }, owner.token);

  it('writes its row only once the bytes and their name are on disk', async () => {
    const root = path.join(t.config.dataDir, 'uploads');
    const steps: string[] = [];
    const original = t.app.services.storage;
    const watched = recordingFs(root, steps);
    t.app.services.storage = localBlobStore(root, {
      ...watched,
      syncDir: async (dir) => {
        await watched.syncDir(dir);
        steps.push(`rows: ${(await rows()).length}`);
      },
    });
    try {
      const before = (await rows()).length;
      const res = await upload();
      expect(res.body).toMatchObject({ success: 1 });
      const last = steps.slice(-3);
      expect(last[0]).toMatch(/^rename /);
      expect(last[1]).toMatch(/^fsync dir /);
      // At the last flush no row was there yet; after the answer it is.
      expect(last[2]).toBe(`rows: ${before}`);
      expect(await rows()).toHaveLength(before + 1);
    } finally {
      t.app.services.storage = original;
    }
  });

  it('records nothing when the bytes cannot be made durable', async () => {
    const root = path.join(t.config.dataDir, 'uploads');
    const original = t.app.services.storage;
    t.app.services.storage = localBlobStore(root, { ...nodeBlobFs, writeDurably: () => Promise.reject(Object.assign(new Error('EIO'), { code: 'EIO' })) });
    try {
      const before = await rows();
      const res = await upload();
      // editor.md's failure shape (page/uploadImg answers it for any failure but a permission one).
      expect(res.body).toMatchObject({ success: 0 });
      expect(await rows()).toEqual(before);
      expect((await filesUnder(root)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    } finally {
      t.app.services.storage = original;
    }
  });
});
