/**
 * CRC-32 (gzip's) of joined data from the CRCs of its parts, as zlib's crc32_combine does: a page's static stretches
 * keep their CRC and length, and an answer's CRC is made from them and its few filled bytes without reading the page
 * again. Arithmetic on polynomials over GF(2), modulo the CRC's (reflected) polynomial.
 */
const POLY = 0xedb88320;

/** a(x) * b(x) modulo p(x). `a` must not be zero (it never is here: it is a power of x). */
function multiplyModP(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  for (;;) {
    if (a & m) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return p >>> 0;
}

/** x^(2^k) modulo p(x), for k from 0 to 31. */
const X_TO_2_TO_K: number[] = [0x40000000];
for (let k = 1; k < 32; k++) X_TO_2_TO_K.push(multiplyModP(X_TO_2_TO_K[k - 1]!, X_TO_2_TO_K[k - 1]!));

/** What moves a CRC past `length` more bytes: x^(8 * length) modulo p(x). Made once per stretch. */
export function crc32Shift(length: number): number {
  let p = 0x80000000; // x^0
  for (let n = length, k = 3; n > 0; n = Math.floor(n / 2), k++) if (n % 2 === 1) p = multiplyModP(X_TO_2_TO_K[k % 32]!, p);
  return p;
}

/** The CRC-32 of A followed by B, from A's, B's and `crc32Shift(B's length)`. */
export function crc32Combine(crcA: number, crcB: number, shiftB: number): number {
  return (multiplyModP(shiftB, crcA) ^ crcB) >>> 0;
}
