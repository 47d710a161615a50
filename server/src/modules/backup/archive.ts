import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { finished } from 'node:stream/promises';
import { create, list, type ReadEntry } from 'tar';
import { hashFile, isPartPath, MANIFEST, type Manifest, type ManifestPart, manifestProblem } from './manifest';
import { fail } from './messages';

/**
 * The archive (issue 23 item 1): one uncompressed tar (node-tar) whose first entry is manifest.json, then the
 * database part, then `files/…` (uploads are mostly compressed already; the PGlite data dir is gzipped on its own).
 */

/**
 * Hashes every part staged under `staging` (paths relative to it, database first), writes `staging/manifest.json`
 * from `head` plus those parts, and tars manifest and parts into `out` (created; the caller renames it when complete).
 * → the manifest written.
 */
export async function writeArchive(staging: string, head: Omit<Manifest, 'parts'>, partPaths: string[], out: string): Promise<Manifest> {
  const parts: ManifestPart[] = [];
  for (const path of partPaths) parts.push({ path, ...(await hashFile(join(staging, path))) });
  const manifest: Manifest = { ...head, parts };
  await writeFile(join(staging, MANIFEST), JSON.stringify(manifest, null, 1));
  await create({ file: out, cwd: staging, portable: true, noDirRecurse: true }, [MANIFEST, ...partPaths]);
  return manifest;
}

/** Reads only manifest.json of an archive (the first entry), unverified; null when the archive has none. */
export async function peekManifest(file: string): Promise<Manifest | null> {
  let text: string | null = null;
  await list({
    file,
    filter: (path) => path === MANIFEST,
    onReadEntry: (entry) => {
      const chunks: Buffer[] = [];
      entry.on('data', (c: Buffer) => chunks.push(c));
      entry.on('end', () => {
        text = Buffer.concat(chunks).toString('utf8');
      });
    },
  }).catch(() => undefined);
  if (text === null) return null;
  try {
    return JSON.parse(text) as Manifest;
  } catch {
    return null;
  }
}

/**
 * Extracts `file` into the empty folder `into` and verifies it against its manifest before anything else is done
 * with it: the manifest must be ours and of this format version, every regular-file entry a part named in the
 * manifest (paths checked: no `..`, no absolute, only manifest/database/files), no other entry kinds (links,
 * devices), and every part present with its size and sha256. → the verified manifest.
 * @throws LocalizedError 400: notArchive (not a tar), foreign, formatVersion, truncated (a part missing or short,
 * or the tar cut), tampered (a checksum differs, an unexpected entry).
 */
export async function extractVerified(file: string, into: string, product: string): Promise<Manifest> {
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) throw fail(400, 'notArchive', { detail: file });
  const found = new Map<string, { size: number; sha256: string }>();
  const writes: Promise<void>[] = [];
  let problem: Error | null = null;
  let entries = 0;
  const onEntry = (entry: ReadEntry) => {
    entries++;
    const path = entry.path.replace(/^\.\//, '');
    if (entry.type === 'Directory') {
      entry.resume();
      return;
    }
    if (entry.type !== 'File' || !isPartPath(path) || found.has(path)) {
      problem ??= fail(400, 'tampered', { detail: path });
      entry.resume();
      return;
    }
    const abs = join(into, path);
    const hash = createHash('sha256');
    let size = 0;
    writes.push(
      (async () => {
        await mkdir(dirname(abs), { recursive: true });
        const out = createWriteStream(abs, { flags: 'wx' });
        entry.on('data', (c: Buffer) => {
          size += c.length;
          hash.update(c);
          if (!out.write(c)) {
            entry.pause();
            out.once('drain', () => entry.resume());
          }
        });
        await new Promise<void>((resolve, reject) => {
          entry.on('end', resolve);
          entry.on('error', reject);
        });
        out.end();
        await finished(out);
        found.set(path, { size, sha256: hash.digest('hex') });
      })(),
    );
  };
  let tarError: unknown = null;
  await list({ file, strict: true, noResume: true, onReadEntry: onEntry }).catch((err) => {
    tarError = err;
  });
  const settled = await Promise.all(writes.map((w) => w.then(() => null, (e: unknown) => e)));
  const ioError = settled.find((e) => e);
  if (ioError) throw ioError;
  if (!found.has(MANIFEST)) {
    if (tarError || !entries) throw entries ? fail(400, 'truncated', { detail: String((tarError as Error)?.message ?? tarError) }) : fail(400, 'notArchive', { detail: file });
    throw fail(400, 'foreign');
  }
  let manifest: unknown;
  try {
    manifest = JSON.parse(await readFile(join(into, MANIFEST), 'utf8'));
  } catch {
    throw fail(400, 'foreign');
  }
  const bad = manifestProblem(manifest, product);
  if (bad === 'version') throw fail(400, 'formatVersion', { detail: String((manifest as Manifest).formatVersion) });
  if (bad) throw fail(400, 'foreign');
  const m = manifest as Manifest;
  if (problem) throw problem;
  const named = new Set(m.parts.map((p) => p.path));
  for (const path of found.keys()) if (path !== MANIFEST && !named.has(path)) throw fail(400, 'tampered', { detail: path });
  for (const part of m.parts) {
    const got = found.get(part.path);
    if (!got || got.size < part.size) throw fail(400, 'truncated', { detail: part.path });
    if (got.size !== part.size || got.sha256 !== part.sha256) throw fail(400, 'tampered', { detail: part.path });
  }
  if (tarError) throw fail(400, 'truncated', { detail: String((tarError as Error)?.message ?? tarError) });
  return m;
}
