// BER-TLV as the ICAO LDS writes data groups (ICAO 9303-10): multi-byte tags (low five bits all set) and short
// or long definite lengths. Only what the data groups need: read one object, find a tag among children.

export interface Tlv {
  tag: number;
  /** Bit 6 of the first tag byte: the value holds further objects. */
  constructed: boolean;
  value: Buffer;
  /** Offset just past this object in the buffer it was read from. */
  end: number;
}

export class TlvError extends Error {}

export function readTlv(buffer: Buffer, offset = 0): Tlv {
  let position = offset;
  const byte = () => {
    if (position >= buffer.length) throw new TlvError("truncated TLV");
    return buffer[position++]!;
  };
  let tag = byte();
  const constructed = (tag & 0x20) !== 0;
  if ((tag & 0x1f) === 0x1f) {
    let next: number;
    do {
      next = byte();
      tag = tag * 256 + next;
    } while (next & 0x80);
  }
  let length = byte();
  if (length & 0x80) {
    const count = length & 0x7f;
    if (count === 0 || count > 4) throw new TlvError("unsupported TLV length");
    length = 0;
    for (let i = 0; i < count; i++) length = length * 256 + byte();
  }
  if (position + length > buffer.length) throw new TlvError("TLV value runs past the data");
  return { tag, constructed, value: buffer.subarray(position, position + length), end: position + length };
}

/** The children of a constructed value, in order. */
export function readChildren(value: Buffer): Tlv[] {
  const children: Tlv[] = [];
  let offset = 0;
  while (offset < value.length) {
    // Padding some writers leave between objects.
    if (value[offset] === 0x00 || value[offset] === 0xff) {
      offset += 1;
      continue;
    }
    const child = readTlv(value, offset);
    children.push(child);
    offset = child.end;
  }
  return children;
}

/** The first object with `tag` found depth-first under `value` (constructed children searched). */
export function findTag(value: Buffer, tag: number, depth = 4): Buffer | null {
  let children: Tlv[];
  try {
    children = readChildren(value);
  } catch {
    return null;
  }
  for (const child of children) if (child.tag === tag) return child.value;
  if (depth === 0) return null;
  for (const child of children) {
    if (child.constructed) {
      const found = findTag(child.value, tag, depth - 1);
      if (found) return found;
    }
  }
  return null;
}

/** Encodes one object (tests build data groups with it). */
export function encodeTlv(tag: number, value: Buffer): Buffer {
  const tagBytes: number[] = [];
  for (let t = tag; t > 0; t = Math.floor(t / 256)) tagBytes.unshift(t & 0xff);
  const length = value.length;
  let lengthBytes: number[];
  if (length < 0x80) lengthBytes = [length];
  else {
    const bytes: number[] = [];
    for (let l = length; l > 0; l = Math.floor(l / 256)) bytes.unshift(l & 0xff);
    lengthBytes = [0x80 | bytes.length, ...bytes];
  }
  return Buffer.concat([Buffer.from(tagBytes), Buffer.from(lengthBytes), value]);
}
