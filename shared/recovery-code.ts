/**
 * The gallery recovery code: a visitor's id (a random v4 UUID, 122 random bits: not guessable, so
 * a code cannot be found by trying) written for people. The 16 bytes in Crockford's base32 (no I,
 * L, O, U; case and separators ignored; I/L read as 1, O as 0): 26 data characters, then two
 * check characters, in groups of 4: 28 characters.
 *
 * The check: the whole code read as one base-32 number is a multiple of 1021. That is Crockford's
 * check-symbol idea (his is mod 37 in one extra symbol) with a prime that needs two characters
 * instead of five symbols nobody types (`*~$=U`). Because 1021 is prime and above 31, it refuses
 * every single substitution (the number changes by d·32^k, 0 < |d| < 32) and every swap of two
 * neighbours (it changes by d·31·32^k), check characters included.
 *
 * Telling old codes apart: codes written before the check had 26 characters (no check). The length
 * decides: 28 is a checked code, 26 an old one (still read, by the UUID's version and variant bits
 * and the two zero padding bits, which refuse most but not all typos), anything else is refused.
 * Two check characters rather than one keep a checked code with one character deleted (27) from
 * ever reading as an old code.
 */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const DATA_LENGTH = 26;
const CHECKED_LENGTH = DATA_LENGTH + 2;
const CHECK_PRIME = 1021n;

/** A code's characters as numbers, or null when one is not in the alphabet. */
function digits(code: string): number[] | null {
  const out: number[] = [];
  for (const ch of code) {
    const value = ALPHABET.indexOf(ch);
    if (value < 0) return null;
    out.push(value);
  }
  return out;
}

const toNumber = (values: number[]) => values.reduce((n, d) => n * 32n + BigInt(d), 0n);

function dataCode(userId: string): string {
  const bits = BigInt(`0x${userId.replace(/-/g, '')}`) << 2n; // 128 bits and 2 zero padding bits: 26 × 5
  let code = '';
  for (let i = DATA_LENGTH - 1; i >= 0; i--) code += ALPHABET[Number((bits >> BigInt(i * 5)) & 31n)];
  return code;
}

/** The visitor id a 26-character data part stands for, or null when it is not one we could have written. */
function idOf(data: number[]): string | null {
  const bits = toNumber(data);
  if (bits & 3n) return null; // the 2 padding bits are always 0
  const hex = (bits >> 2n).toString(16).padStart(32, '0');
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return UUID.test(id) ? id : null;
}

export function toRecoveryCode(userId: string): string {
  if (!UUID.test(userId)) throw new Error('not a visitor id');
  const data = dataCode(userId.toLowerCase());
  const check = Number((CHECK_PRIME - ((toNumber(digits(data) ?? []) * 1024n) % CHECK_PRIME)) % CHECK_PRIME);
  const code = `${data}${ALPHABET[check >> 5]}${ALPHABET[check & 31]}`;
  return code.match(/.{1,4}/g)?.join('-') ?? code;
}

/**
 * What a typed code reads as: the visitor id, or why not. `typo` is a code one slip away from
 * being one (the right length or one off, or a checked code whose check fails); `not-a-code` is
 * anything else.
 */
export type RecoveryCodeReading = { userId: string } | { error: 'typo' | 'not-a-code' };

export function readRecoveryCode(raw: string): RecoveryCodeReading {
  const code = raw.toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');
  const nearLength = Math.abs(code.length - DATA_LENGTH) <= 1 || Math.abs(code.length - CHECKED_LENGTH) <= 1;
  const refused = { error: nearLength ? 'typo' : 'not-a-code' } as const;
  const values = digits(code);
  if (!values) return refused;
  if (code.length === CHECKED_LENGTH) {
    if (toNumber(values) % CHECK_PRIME !== 0n) return refused;
    const id = idOf(values.slice(0, DATA_LENGTH));
    return id ? { userId: id } : refused;
  }
  if (code.length === DATA_LENGTH) {
    const id = idOf(values);
    return id ? { userId: id } : refused;
  }
  return refused;
}

/** The visitor id a code stands for, or null when it is not a code we could have written. */
export function fromRecoveryCode(raw: string): string | null {
  const reading = readRecoveryCode(raw);
  return 'userId' in reading ? reading.userId : null;
}
