import { Readable } from 'node:stream';

/**
 * A stored (uncompressed) zip whose every byte is known before the first one is sent: photos are
 * already compressed, so deflate would only cost CPU; with each entry's size and CRC-32 known in
 * advance (computed once at ingest) the archive's exact length goes in Content-Length, and the
 * browser shows real progress. Entries are read a few ahead of the one being sent (whole files,
 * up to READ_AHEAD_BYTES in all), so the disk's latency is hidden and memory stays flat.
 */
export interface ZipEntry {
  /** Path inside the archive, UTF-8. */
  name: string;
  size: number;
  crc32: number;
  modified: Date;
  open: () => NodeJS.ReadableStream | AsyncIterable<Buffer>;
  /**
   * The whole file at once (null when it is gone): used instead of `open` for entries of at most
   * READ_AHEAD_ENTRY_BYTES, read ahead of the one being sent.
   */
  read?: () => Promise<Buffer | null>;
}

/** Bytes of whole entries read ahead of the one being sent, at most (with the one being sent). */
export const READ_AHEAD_BYTES = 32 * 1024 * 1024;
/** Entries read ahead at most. */
const READ_AHEAD_ENTRIES = 32;
/** Larger entries (and those without `read`) are streamed from `open` when their turn comes. */
export const READ_AHEAD_ENTRY_BYTES = 16 * 1024 * 1024;

export interface ZipOptions {
  /** Write ZIP64 records even where sizes fit 32 bits (tests use it). */
  forceZip64?: boolean;
}

const U32_MAX = 0xffffffff;
const U16_MAX = 0xffff;
const FLAG_UTF8 = 0x0800;
const VERSION_ZIP = 20;
const VERSION_ZIP64 = 45;
const MADE_BY_UNIX = 3 << 8;
const REGULAR_FILE_0644 = (0o100644 << 16) >>> 0;

interface Planned {
  entry: ZipEntry;
  name: Buffer;
  offset: number;
  zip64Size: boolean;
  zip64Offset: boolean;
  localHeader: Buffer;
}

function dosDateTime(date: Date): { time: number; date: number } {
  const year = Math.min(Math.max(date.getUTCFullYear(), 1980), 2107);
  return {
    time:
      (date.getUTCHours() << 11) |
      (date.getUTCMinutes() << 5) |
      Math.floor(date.getUTCSeconds() / 2),
    date: ((year - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate(),
  };
}

function localHeader(entry: ZipEntry, name: Buffer, zip64Size: boolean): Buffer {
  const extra = zip64Size ? 20 : 0;
  const header = Buffer.alloc(30 + name.length + extra);
  const { time, date } = dosDateTime(entry.modified);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(zip64Size ? VERSION_ZIP64 : VERSION_ZIP, 4);
  header.writeUInt16LE(FLAG_UTF8, 6);
  header.writeUInt16LE(0, 8); // stored
  header.writeUInt16LE(time, 10);
  header.writeUInt16LE(date, 12);
  header.writeUInt32LE(entry.crc32 >>> 0, 14);
  header.writeUInt32LE(zip64Size ? U32_MAX : entry.size, 18);
  header.writeUInt32LE(zip64Size ? U32_MAX : entry.size, 22);
  header.writeUInt16LE(name.length, 26);
  header.writeUInt16LE(extra, 28);
  name.copy(header, 30);
  if (zip64Size) {
    const at = 30 + name.length;
    header.writeUInt16LE(0x0001, at);
    header.writeUInt16LE(16, at + 2);
    header.writeBigUInt64LE(BigInt(entry.size), at + 4);
    header.writeBigUInt64LE(BigInt(entry.size), at + 12);
  }
  return header;
}

function centralHeader(p: Planned): Buffer {
  const fields = (p.zip64Size ? 2 : 0) + (p.zip64Offset ? 1 : 0);
  const extra = fields ? 4 + fields * 8 : 0;
  const header = Buffer.alloc(46 + p.name.length + extra);
  const { time, date } = dosDateTime(p.entry.modified);
  const needs64 = p.zip64Size || p.zip64Offset;
  header.writeUInt32LE(0x02014b50, 0);
  header.writeUInt16LE(MADE_BY_UNIX | VERSION_ZIP64, 4);
  header.writeUInt16LE(needs64 ? VERSION_ZIP64 : VERSION_ZIP, 6);
  header.writeUInt16LE(FLAG_UTF8, 8);
  header.writeUInt16LE(0, 10);
  header.writeUInt16LE(time, 12);
  header.writeUInt16LE(date, 14);
  header.writeUInt32LE(p.entry.crc32 >>> 0, 16);
  header.writeUInt32LE(p.zip64Size ? U32_MAX : p.entry.size, 20);
  header.writeUInt32LE(p.zip64Size ? U32_MAX : p.entry.size, 24);
  header.writeUInt16LE(p.name.length, 28);
  header.writeUInt16LE(extra, 30);
  header.writeUInt16LE(0, 32); // comment
  header.writeUInt16LE(0, 34); // disk
  header.writeUInt16LE(0, 36); // internal attributes
  header.writeUInt32LE(REGULAR_FILE_0644, 38);
  header.writeUInt32LE(p.zip64Offset ? U32_MAX : p.offset, 42);
  p.name.copy(header, 46);
  if (fields) {
    let at = 46 + p.name.length;
    header.writeUInt16LE(0x0001, at);
    header.writeUInt16LE(fields * 8, at + 2);
    at += 4;
    if (p.zip64Size) {
      header.writeBigUInt64LE(BigInt(p.entry.size), at);
      header.writeBigUInt64LE(BigInt(p.entry.size), at + 8);
      at += 16;
    }
    if (p.zip64Offset) header.writeBigUInt64LE(BigInt(p.offset), at);
  }
  return header;
}

function endRecords(count: number, cdOffset: number, cdSize: number, force: boolean): Buffer {
  const zip64 = force || count >= U16_MAX || cdOffset >= U32_MAX || cdSize >= U32_MAX;
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(zip64 ? U16_MAX : count, 8);
  eocd.writeUInt16LE(zip64 ? U16_MAX : count, 10);
  eocd.writeUInt32LE(zip64 ? U32_MAX : cdSize, 12);
  eocd.writeUInt32LE(zip64 ? U32_MAX : cdOffset, 16);
  if (!zip64) return eocd;

  const record = Buffer.alloc(56);
  record.writeUInt32LE(0x06064b50, 0);
  record.writeBigUInt64LE(44n, 4);
  record.writeUInt16LE(MADE_BY_UNIX | VERSION_ZIP64, 12);
  record.writeUInt16LE(VERSION_ZIP64, 14);
  record.writeBigUInt64LE(BigInt(count), 24);
  record.writeBigUInt64LE(BigInt(count), 32);
  record.writeBigUInt64LE(BigInt(cdSize), 40);
  record.writeBigUInt64LE(BigInt(cdOffset), 48);
  const locator = Buffer.alloc(20);
  locator.writeUInt32LE(0x07064b50, 0);
  locator.writeBigUInt64LE(BigInt(cdOffset + cdSize), 8);
  locator.writeUInt32LE(1, 16);
  return Buffer.concat([record, locator, eocd]);
}

export interface ZipPlan {
  /** The archive's exact length in bytes. */
  length: number;
  /** The archive's bytes; fails (and stops) if an entry's source is shorter or longer than declared. */
  stream: () => Readable;
}

/** Lays out the archive; nothing is read until `stream()` is consumed. */
export function planZip(entries: readonly ZipEntry[], options: ZipOptions = {}): ZipPlan {
  const force = options.forceZip64 ?? false;
  const names = new Set<string>();
  const planned: Planned[] = [];
  let offset = 0;
  for (const entry of entries) {
    if (names.has(entry.name)) throw new Error(`Duplicate zip entry name: ${entry.name}`);
    names.add(entry.name);
    if (!Number.isSafeInteger(entry.size) || entry.size < 0) {
      throw new Error(`Invalid size for zip entry ${entry.name}`);
    }
    const name = Buffer.from(entry.name, 'utf8');
    const zip64Size = force || entry.size >= U32_MAX;
    const zip64Offset = force || offset >= U32_MAX;
    const header = localHeader(entry, name, zip64Size);
    planned.push({ entry, name, offset, zip64Size, zip64Offset, localHeader: header });
    offset += header.length + entry.size;
  }
  const central = planned.map(centralHeader);
  const cdSize = central.reduce((sum, b) => sum + b.length, 0);
  const end = endRecords(planned.length, offset, cdSize, force);
  const length = offset + cdSize + end.length;

  async function* bytes(): AsyncGenerator<Buffer> {
    // Whole-file reads started ahead of the entry being sent, by index; bounded by count and bytes.
    const ahead = new Map<number, Promise<Buffer | null>>();
    let next = 0;
    let aheadBytes = 0;
    const wholeRead = (p: Planned) =>
      p.entry.read !== undefined && p.entry.size <= READ_AHEAD_ENTRY_BYTES;
    const readAhead = (current: number) => {
      while (next < planned.length && next - current < READ_AHEAD_ENTRIES) {
        const p = planned[next]!;
        if (wholeRead(p)) {
          if (ahead.size > 0 && aheadBytes + p.entry.size > READ_AHEAD_BYTES) break;
          const reading = p.entry.read!();
          // Awaited in turn; until then a failure must not be an unhandled rejection.
          reading.catch(() => undefined);
          ahead.set(next, reading);
          aheadBytes += p.entry.size;
        } else if (next > current) {
          break; // a streamed entry is opened when its turn comes
        }
        next++;
      }
    };

    for (const [i, p] of planned.entries()) {
      readAhead(i);
      yield p.localHeader;
      const reading = ahead.get(i);
      if (reading) {
        let buf: Buffer | null;
        try {
          buf = await reading;
        } catch (error) {
          throw new Error(
            `Zip entry ${p.entry.name} could not be read: ${(error as Error).message}`,
            {
              cause: error,
            },
          );
        } finally {
          ahead.delete(i);
          aheadBytes -= p.entry.size;
        }
        if (buf === null) throw new Error(`Zip entry ${p.entry.name} is missing from storage`);
        if (buf.length !== p.entry.size) {
          throw new Error(
            `Zip entry ${p.entry.name} is ${buf.length > p.entry.size ? 'longer' : 'shorter'} than its declared ${p.entry.size} bytes`,
          );
        }
        if (buf.length > 0) yield buf;
        continue;
      }
      let read = 0;
      for await (const chunk of p.entry.open() as AsyncIterable<Buffer | string>) {
        const buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
        read += buf.length;
        if (read > p.entry.size) break;
        yield buf;
      }
      if (read !== p.entry.size) {
        throw new Error(
          `Zip entry ${p.entry.name} is ${read > p.entry.size ? 'longer' : 'shorter'} than its declared ${p.entry.size} bytes`,
        );
      }
    }
    for (const c of central) yield c;
    yield end;
  }

  return {
    length,
    stream: () => Readable.from(bytes(), { objectMode: false, highWaterMark: 1 << 20 }),
  };
}
