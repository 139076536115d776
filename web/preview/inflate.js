// Raw DEFLATE (RFC 1951) unpacking for the link preview (link.js): synchronous, bounded, and
// exact about where the packed data ends, as Python's zlib is for the engine's reader
// (pygame_core/records/frame.py): a link whose data ends early, or has bytes after its end, or
// unpacks to more than `limit` bytes, is refused the same way everywhere (the browsers'
// DecompressionStream differs on trailing bytes between engines, and is asynchronous).
// inflateRaw(bytes, limit) -> {out: Uint8Array, used: bytes read} or throws InflateError.
export class InflateError extends Error {}

const LEN_BASE = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258];
const LEN_EXTRA = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0];
const DIST_BASE = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073,
  4097, 6145, 8193, 12289, 16385, 24577];
const DIST_EXTRA = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13];
const ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];

/** A canonical Huffman code from code lengths: {counts, symbols} (decoded bit by bit, as puff.c). */
function huffman(lengths) {
  const counts = new Array(16).fill(0);
  for (const len of lengths) counts[len]++;
  counts[0] = 0;
  let left = 1;
  for (let len = 1; len < 16; len++) {
    left = left * 2 - counts[len];
    if (left < 0) throw new InflateError("over-subscribed code");
  }
  const offs = [0, 0];
  for (let len = 1; len < 15; len++) offs[len + 1] = offs[len] + counts[len];
  const symbols = [];
  lengths.forEach((len, sym) => { if (len) symbols[offs[len]++] = sym; });
  const longest = Math.max(0, ...lengths);
  // zlib's rule: an incomplete code is refused, except one of a single 1-bit code (or none)
  return { counts, symbols, complete: left === 0 || longest <= 1, strict: left === 0 || longest === 0 };
}

export function inflateRaw(bytes, limit) {
  let pos = 0;
  let bitBuf = 0;
  let bitCount = 0;
  const out = [];
  const bits = (n) => {
    while (bitCount < n) {
      if (pos >= bytes.length) throw new InflateError("the data ends early");
      bitBuf |= bytes[pos++] << bitCount;
      bitCount += 8;
    }
    const v = bitBuf & ((1 << n) - 1);
    bitBuf >>>= n;
    bitCount -= n;
    return v;
  };
  const decode = (h) => {
    let code = 0;
    let first = 0;
    let index = 0;
    for (let len = 1; len < 16; len++) {
      code |= bits(1);
      const count = h.counts[len];
      if (code - count < first) return h.symbols[index + (code - first)];
      index += count;
      first = (first + count) * 2;
      code *= 2;
    }
    throw new InflateError("bad code");
  };
  const push = (b) => {
    if (out.length >= limit) throw new InflateError("too long");
    out.push(b);
  };
  const codes = (lit, dist) => {
    for (;;) {
      const sym = decode(lit);
      if (sym < 256) { push(sym); continue; }
      if (sym === 256) return;
      const l = sym - 257;
      if (l >= 29) throw new InflateError("bad length");
      const len = LEN_BASE[l] + bits(LEN_EXTRA[l]);
      const d = decode(dist);
      if (d >= 30) throw new InflateError("bad distance");
      const back = DIST_BASE[d] + bits(DIST_EXTRA[d]);
      if (back > out.length) throw new InflateError("distance too far back");
      for (let i = 0; i < len; i++) push(out[out.length - back]);
    }
  };
  let fixed = null;
  let last = 0;
  while (!last) {
    last = bits(1);
    const type = bits(2);
    if (type === 0) { // stored
      bitBuf = 0;
      bitCount = 0;
      if (pos + 4 > bytes.length) throw new InflateError("the data ends early");
      const len = bytes[pos] | (bytes[pos + 1] << 8);
      const nlen = bytes[pos + 2] | (bytes[pos + 3] << 8);
      pos += 4;
      if (len !== (~nlen & 0xffff)) throw new InflateError("bad stored block");
      if (pos + len > bytes.length) throw new InflateError("the data ends early");
      for (let i = 0; i < len; i++) push(bytes[pos + i]);
      pos += len;
    } else if (type === 1) {
      fixed ??= [huffman([...new Array(144).fill(8), ...new Array(112).fill(9), ...new Array(24).fill(7),
        ...new Array(8).fill(8)]), huffman(new Array(30).fill(5))];
      codes(fixed[0], fixed[1]);
    } else if (type === 2) {
      const nlen = bits(5) + 257;
      const ndist = bits(5) + 1;
      const ncode = bits(4) + 4;
      if (nlen > 286 || ndist > 30) throw new InflateError("bad counts");
      const lengths = new Array(19).fill(0);
      for (let i = 0; i < ncode; i++) lengths[ORDER[i]] = bits(3);
      const lencode = huffman(lengths);
      if (!lencode.strict) throw new InflateError("incomplete code");
      const all = [];
      while (all.length < nlen + ndist) {
        const sym = decode(lencode);
        if (sym < 16) { all.push(sym); continue; }
        let len = 0;
        let repeat;
        if (sym === 16) {
          if (!all.length) throw new InflateError("repeat with no length");
          len = all[all.length - 1];
          repeat = 3 + bits(2);
        } else repeat = sym === 17 ? 3 + bits(3) : 11 + bits(7);
        if (all.length + repeat > nlen + ndist) throw new InflateError("too many lengths");
        for (let i = 0; i < repeat; i++) all.push(len);
      }
      if (!all[256]) throw new InflateError("no end-of-block code");
      const lit = huffman(all.slice(0, nlen));
      const dist = huffman(all.slice(nlen));
      if (!lit.complete || !dist.complete) throw new InflateError("incomplete code");
      codes(lit, dist);
    } else throw new InflateError("bad block type");
  }
  return { out: Uint8Array.from(out), used: pos };
}
