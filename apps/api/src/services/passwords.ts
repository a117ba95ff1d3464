import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Console passwords, hashed with scrypt from node:crypto (no native module to build): a random
 * 16-byte salt per password and the cost parameters stored beside the hash, so a later change of
 * cost still reads older hashes. Stored as `scrypt$<log2 N>$<r>$<p>$<salt>$<hash>` (base64url).
 */

/** N = 2^15, r = 8, p = 1: about 32 MB and tens of milliseconds a hash (OWASP's scrypt floor is 2^17 at r 8 for 128 MB; 2^15 keeps many sign-ins at once within a small server's memory). */
export const SCRYPT_LOG_N = 15;
export const SCRYPT_R = 8;
export const SCRYPT_P = 1;
const KEY_BYTES = 32;
const SALT_BYTES = 16;

function derive(
  password: string,
  salt: Buffer,
  logN: number,
  r: number,
  p: number,
): Promise<Buffer> {
  const N = 2 ** logN;
  return new Promise((resolve, reject) =>
    scrypt(
      password.normalize('NFC'),
      salt,
      KEY_BYTES,
      { N, r, p, maxmem: 256 * N * r + 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(key)),
    ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, SCRYPT_LOG_N, SCRYPT_R, SCRYPT_P);
  return [
    'scrypt',
    SCRYPT_LOG_N,
    SCRYPT_R,
    SCRYPT_P,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
}

const STORED =
  /^scrypt\$(\d{1,2})\$(\d{1,2})\$(\d{1,2})\$([A-Za-z0-9_-]{16,64})\$([A-Za-z0-9_-]{32,128})$/;

/** Whether the password is the one hashed in `stored`, compared in constant time. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const match = STORED.exec(stored);
  if (!match) return false;
  const [, logN, r, p, salt, hash] = match;
  const expected = Buffer.from(hash!, 'base64url');
  const key = await derive(
    password,
    Buffer.from(salt!, 'base64url'),
    Number(logN),
    Number(r),
    Number(p),
  );
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/**
 * A hash of no one's password: a sign-in for an unknown email is checked against it, so that it
 * takes as long as one for a known email and the time tells nothing.
 */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(18).toString('base64url'));
  return decoy;
}
