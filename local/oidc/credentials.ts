import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { KID } from './provider';

/**
 * What the local OpenID provider keeps on disk between starts (in memory in tests, `dataDir` null):
 * its signing key (`<dataDir>/auth/signing-key.json`) and the operator's credentials
 * (`<dataDir>/operator.json`, `{ "username", "password" }`).
 */
export interface LocalOperator {
  username: string;
  password: string;
}

export async function loadOrCreateKeys(dataDir: string | null): Promise<{ privateJwk: JWK; publicJwk: JWK }> {
  const file = dataDir ? join(dataDir, 'auth', 'signing-key.json') : null;
  if (file && existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as { privateJwk: JWK; publicJwk: JWK };
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const keys = {
    privateJwk: await exportJWK(privateKey),
    publicJwk: { ...(await exportJWK(publicKey)), kid: KID, alg: 'RS256', use: 'sig' },
  };
  if (file) {
    mkdirSync(join(file, '..'), { recursive: true, mode: 0o700 });
    writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  }
  return keys;
}

/** The operator of operator.json, created with a generated password when the file is absent. */
export function loadOrCreateOperator(dataDir: string | null): { operator: LocalOperator; file: string | null; created: boolean } {
  const file = dataDir ? join(dataDir, 'operator.json') : null;
  if (file && existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as Partial<LocalOperator>;
    if (typeof saved.username === 'string' && typeof saved.password === 'string' && saved.password.length >= 12) {
      return { operator: { username: saved.username, password: saved.password }, file, created: false };
    }
  }
  const operator = { username: 'operator@artloom.local', password: randomBytes(18).toString('base64url') };
  if (file) {
    mkdirSync(dataDir as string, { recursive: true });
    writeFileSync(file, `${JSON.stringify(operator, null, 2)}\n`, { mode: 0o600 });
  }
  return { operator, file, created: true };
}
