// A MaxMind DB (.mmdb) reader that reads the file by lookup instead of holding it in memory.
// The IP-location files are 63 MB (IPv4) and 71 MB (IPv6); the `maxmind` package reads a file
// whole onto the heap, which alone is more than a 256 MB machine can spare. Here a lookup walks
// the search tree through a small cache of 4 KB pages read with pread (the top of the tree, which
// every lookup crosses, stays cached; the operating system's page cache holds the rest), then
// decodes the one record it lands on.
//
// Format: https://maxmind.github.io/MaxMind-DB/ (search tree of node_count nodes with two
// record_size-bit records each, 16 zero bytes, then the data section; metadata at the end after
// the marker "\xAB\xCD\xEFMaxMind.com").
import fs from "node:fs";
import { isIP } from "node:net";

const PAGE_SIZE = 4096;
const METADATA_MARKER = Buffer.from("abcdef4d61784d696e642e636f6d", "hex");
const METADATA_SEARCH_BYTES = 128 * 1024;

type Value = string | number | boolean | bigint | Buffer | null | Value[] | { [key: string]: Value };

type Metadata = { nodeCount: number; recordSize: 24 | 28 | 32; ipVersion: 4 | 6 };

export type MmdbFileOptions = {
  /** Pages of the file kept in memory (default 1024 = 4 MB). */
  cachedPages?: number;
};

export class MmdbFile {
  readonly #fd: number;
  readonly #metadata: Metadata;
  readonly #nodeBytes: number;
  readonly #dataStart: number;
  readonly #pages = new Map<number, Buffer>();
  readonly #maxPages: number;
  readonly #data: Decoder;
  #ipv4Start: number | undefined;

  constructor(file: string, options: MmdbFileOptions = {}) {
    this.#fd = fs.openSync(file, "r");
    this.#maxPages = options.cachedPages ?? 1024;
    try {
      this.#metadata = readMetadata(this.#fd);
    } catch (error) {
      fs.closeSync(this.#fd);
      throw error;
    }
    this.#nodeBytes = (this.#metadata.recordSize * 2) / 8;
    this.#dataStart = this.#nodeBytes * this.#metadata.nodeCount + 16;
    this.#data = new Decoder((offset, length) => this.#read(this.#dataStart + offset, length));
  }

  get metadata(): Readonly<Metadata> {
    return this.#metadata;
  }

  close() {
    fs.closeSync(this.#fd);
    this.#pages.clear();
  }

  /** The record for `ip`, or null when the file has none. Throws on an address it cannot hold. */
  get(ip: string): Value | null {
    const bits = addressBits(ip);
    if (!bits) throw new Error(`Not an IP address: ${ip}`);
    const { nodeCount, ipVersion } = this.#metadata;
    if (bits.length === 128 && ipVersion === 4) throw new Error("An IPv6 address in an IPv4-only file");
    let node = bits.length === 32 && ipVersion === 6 ? this.#ipv4StartNode() : 0;
    for (let i = 0; i < bits.length && node < nodeCount; i++) node = this.#record(node, bits[i]!);
    if (node === nodeCount || node < nodeCount) return null;
    // A record above node_count points into the data section.
    const offset = node - nodeCount - 16;
    return this.#data.decode(offset).value;
  }

  /** In an IPv6 tree, IPv4 addresses live under ::/96: the node after 96 zero bits. */
  #ipv4StartNode(): number {
    if (this.#ipv4Start === undefined) {
      let node = 0;
      for (let i = 0; i < 96 && node < this.#metadata.nodeCount; i++) node = this.#record(node, 0);
      this.#ipv4Start = node;
    }
    return this.#ipv4Start;
  }

  #record(node: number, bit: number): number {
    const b = this.#read(node * this.#nodeBytes, this.#nodeBytes);
    switch (this.#metadata.recordSize) {
      case 24:
        return bit ? b.readUIntBE(3, 3) : b.readUIntBE(0, 3);
      case 28:
        return bit ? ((b[3]! & 0x0f) << 24) + b.readUIntBE(4, 3) : ((b[3]! & 0xf0) << 20) + b.readUIntBE(0, 3);
      case 32:
        return bit ? b.readUInt32BE(4) : b.readUInt32BE(0);
    }
  }

  /** `length` bytes at `position`, through the page cache (least recently used page evicted). */
  #read(position: number, length: number): Buffer {
    const first = Math.floor(position / PAGE_SIZE);
    const last = Math.floor((position + length - 1) / PAGE_SIZE);
    if (first === last) {
      const page = this.#page(first);
      const start = position - first * PAGE_SIZE;
      return page.subarray(start, start + length);
    }
    const out = Buffer.allocUnsafe(length);
    fs.readSync(this.#fd, out, 0, length, position);
    return out;
  }

  #page(index: number): Buffer {
    let page = this.#pages.get(index);
    if (page) {
      // Map keeps insertion order: re-inserting marks the page as the most recently used.
      this.#pages.delete(index);
      this.#pages.set(index, page);
      return page;
    }
    page = Buffer.alloc(PAGE_SIZE);
    fs.readSync(this.#fd, page, 0, PAGE_SIZE, index * PAGE_SIZE);
    this.#pages.set(index, page);
    if (this.#pages.size > this.#maxPages) this.#pages.delete(this.#pages.keys().next().value!);
    return page;
  }
}

/** The data section's format (also the metadata's), over any way of reading its bytes. */
class Decoder {
  readonly #read: (offset: number, length: number) => Buffer;

  constructor(read: (offset: number, length: number) => Buffer) {
    this.#read = read;
  }

  #byte(offset: number): number {
    return this.#read(offset, 1)[0]!;
  }

  #bytes(offset: number, length: number): Buffer {
    return length === 0 ? Buffer.alloc(0) : this.#read(offset, length);
  }

  /** Decodes the value at `offset`; returns it and the offset just after it. */
  decode(offset: number): { value: Value; next: number } {
    const control = this.#byte(offset++);
    let type = control >> 5;
    if (type === 1) return this.#pointer(control, offset);
    if (type === 0) type = 7 + this.#byte(offset++);
    let size = control & 0x1f;
    if (size === 29) size = 29 + this.#byte(offset++);
    else if (size === 30) (size = 285 + this.#bytes(offset, 2).readUInt16BE(0)), (offset += 2);
    else if (size === 31) (size = 65821 + this.#bytes(offset, 3).readUIntBE(0, 3)), (offset += 3);

    switch (type) {
      case 2:
        return { value: this.#bytes(offset, size).toString("utf8"), next: offset + size };
      case 3:
        return { value: this.#bytes(offset, 8).readDoubleBE(0), next: offset + 8 };
      case 4:
        return { value: Buffer.from(this.#bytes(offset, size)), next: offset + size };
      case 5:
      case 6:
        return { value: size === 0 ? 0 : this.#bytes(offset, size).readUIntBE(0, size), next: offset + size };
      case 7: {
        const map: { [key: string]: Value } = {};
        for (let i = 0; i < size; i++) {
          const key = this.decode(offset);
          const value = this.decode(key.next);
          map[String(key.value)] = value.value;
          offset = value.next;
        }
        return { value: map, next: offset };
      }
      case 8: {
        const raw = size === 0 ? 0 : this.#bytes(offset, size).readUIntBE(0, size);
        return { value: size === 4 ? raw | 0 : raw, next: offset + size };
      }
      case 9:
      case 10: {
        let value = 0n;
        for (const byte of this.#bytes(offset, size)) value = (value << 8n) | BigInt(byte);
        return { value, next: offset + size };
      }
      case 11: {
        const array: Value[] = [];
        for (let i = 0; i < size; i++) {
          const item = this.decode(offset);
          array.push(item.value);
          offset = item.next;
        }
        return { value: array, next: offset };
      }
      case 14:
        return { value: size !== 0, next: offset };
      case 15:
        return { value: this.#bytes(offset, 4).readFloatBE(0), next: offset + 4 };
      default:
        throw new Error(`Unknown MaxMind DB data type ${type}`);
    }
  }

  #pointer(control: number, offset: number): { value: Value; next: number } {
    const sizeBits = (control >> 3) & 0x3;
    const high = control & 0x7;
    let target: number;
    if (sizeBits === 0) target = (high << 8) + this.#byte(offset);
    else if (sizeBits === 1) target = (high << 16) + this.#bytes(offset, 2).readUInt16BE(0) + 2048;
    else if (sizeBits === 2) target = high * 2 ** 24 + this.#bytes(offset, 3).readUIntBE(0, 3) + 526336;
    else target = this.#bytes(offset, 4).readUInt32BE(0);
    // The pointed-to value is decoded in place; reading goes on after the pointer itself.
    return { value: this.decode(target).value, next: offset + sizeBits + 1 };
  }
}

function readMetadata(fd: number): Metadata {
  const { size } = fs.fstatSync(fd);
  const length = Math.min(size, METADATA_SEARCH_BYTES);
  const tail = Buffer.alloc(length);
  fs.readSync(fd, tail, 0, length, size - length);
  const at = tail.lastIndexOf(METADATA_MARKER);
  if (at < 0) throw new Error("Not a MaxMind DB file (no metadata marker)");
  const metadata = decodeStandalone(tail.subarray(at + METADATA_MARKER.length));
  const nodeCount = Number(metadata.node_count);
  const recordSize = Number(metadata.record_size);
  const ipVersion = Number(metadata.ip_version);
  if (!Number.isInteger(nodeCount) || ![24, 28, 32].includes(recordSize) || ![4, 6].includes(ipVersion)) {
    throw new Error("Unsupported MaxMind DB metadata");
  }
  return { nodeCount, recordSize: recordSize as Metadata["recordSize"], ipVersion: ipVersion as 4 | 6 };
}

/** The metadata map, decoded from the bytes after the marker (it holds no pointers). */
function decodeStandalone(buffer: Buffer): { [key: string]: Value } {
  const { value } = new Decoder((offset, length) => buffer.subarray(offset, offset + length)).decode(0);
  if (typeof value !== "object" || value === null || Array.isArray(value) || Buffer.isBuffer(value)) {
    throw new Error("MaxMind DB metadata is not a map");
  }
  return value;
}

/** The address as bits, most significant first: 32 for IPv4, 128 for IPv6; null if not an address. */
export function addressBits(ip: string): Uint8Array | null {
  const version = isIP(ip);
  if (version === 4) {
    const bits = new Uint8Array(32);
    ip.split(".").forEach((part, i) => {
      const byte = Number(part);
      for (let b = 0; b < 8; b++) bits[i * 8 + b] = (byte >> (7 - b)) & 1;
    });
    return bits;
  }
  if (version === 6) {
    const groups = ipv6Groups(ip);
    const bits = new Uint8Array(128);
    groups.forEach((group, i) => {
      for (let b = 0; b < 16; b++) bits[i * 16 + b] = (group >> (15 - b)) & 1;
    });
    return bits;
  }
  return null;
}

/** The eight 16-bit groups of a valid IPv6 address (with `::` and a trailing dotted IPv4 part). */
function ipv6Groups(ip: string): number[] {
  let address = ip.toLowerCase().split("%")[0]!;
  const dotted = address.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split(".").map(Number) as [number, number, number, number];
    address = address.slice(0, -dotted[1]!.length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = address.split("::") as [string, string | undefined];
  const parse = (part: string) => (part ? part.split(":").map((group) => Number.parseInt(group, 16)) : []);
  const front = parse(head);
  if (tail === undefined) return front;
  const back = parse(tail);
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}
