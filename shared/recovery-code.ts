/**
 * The gallery recovery code: a visitor's id (a random v4 UUID, 122 random bits: not guessable, so
 * a code cannot be found by trying) written for people. The 16 bytes in Crockford's base32 (no I,
 * L, O, U; case and separators ignored; I/L read as 1, O as 0), in groups of 4: 26 characters.
 * Reading it back checks the UUID's version and variant bits, so most typos are refused rather
 * than opening an empty gallery.
 */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const RECOVERY_CODE_LENGTH = 26;

export function toRecoveryCode(userId: string): string {
  if (!UUID.test(userId)) throw new Error('not a visitor id');
  const hex = userId.replace(/-/g, '');
  let bits = '';
  for (let i = 0; i < hex.length; i += 2)
    bits += Number.parseInt(hex.slice(i, i + 2), 16)
      .toString(2)
      .padStart(8, '0');
  bits = bits.padEnd(RECOVERY_CODE_LENGTH * 5, '0');
  let code = '';
  for (let i = 0; i < bits.length; i += 5) code += ALPHABET[Number.parseInt(bits.slice(i, i + 5), 2)];
  return code.match(/.{1,4}/g)?.join('-') ?? code;
}

/** The visitor id a code stands for, or null when it is not a code we could have written. */
export function fromRecoveryCode(raw: string): string | null {
  const code = raw.toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');
  if (code.length !== RECOVERY_CODE_LENGTH) return null;
  let bits = '';
  for (const ch of code) {
    const value = ALPHABET.indexOf(ch);
    if (value < 0) return null;
    bits += value.toString(2).padStart(5, '0');
  }
  if (/1/.test(bits.slice(128))) return null; // the 2 padding bits are always 0
  let hex = '';
  for (let i = 0; i < 128; i += 8)
    hex += Number.parseInt(bits.slice(i, i + 8), 2)
      .toString(16)
      .padStart(2, '0');
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return UUID.test(id) ? id : null;
}
