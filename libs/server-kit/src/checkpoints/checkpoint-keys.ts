import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

// DER prefixes of an Ed25519 key (RFC 8410): PKCS#8 before a 32-byte seed, SPKI before a 32-byte public key.
const PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
const SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

/** A PEM passed through an environment variable often arrives with `\n` written out. */
const pemText = (text: string): string => text.trim().replace(/\\n/g, '\n');

const base64Of32 = (text: string): Buffer | undefined => {
  const trimmed = text.trim();
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)) return undefined;
  const bytes = Buffer.from(trimmed, 'base64');
  return bytes.length === 32 ? bytes : undefined;
};

/** CHECKPOINT_SIGNING_KEY: an Ed25519 private key as PKCS#8 PEM, or the base64 of its 32-byte seed. Undefined when it is neither. */
export function parseCheckpointSigningKey(text: string): KeyObject | undefined {
  try {
    const seed = base64Of32(text);
    const key = seed
      ? createPrivateKey({ key: Buffer.concat([PKCS8_PREFIX, seed]), format: 'der', type: 'pkcs8' })
      : createPrivateKey({ key: pemText(text), format: 'pem' });
    return key.asymmetricKeyType === 'ed25519' ? key : undefined;
  } catch {
    return undefined;
  }
}

/** CHECKPOINT_PUBLIC_KEY: an Ed25519 public key as SPKI PEM, or the base64 of its 32 bytes. Undefined when it is neither. */
export function parseCheckpointPublicKey(text: string): KeyObject | undefined {
  try {
    const raw = base64Of32(text);
    const key = raw ? createPublicKey({ key: Buffer.concat([SPKI_PREFIX, raw]), format: 'der', type: 'spki' }) : createPublicKey({ key: pemText(text), format: 'pem' });
    return key.asymmetricKeyType === 'ed25519' && key.type === 'public' ? key : undefined;
  } catch {
    return undefined;
  }
}

/** The public key as the base64 of its 32 bytes: what CHECKPOINT_PUBLIC_KEY takes, and what a checkpoint names. */
export function publicKeyText(key: KeyObject): string {
  const der = (key.type === 'private' ? createPublicKey(key) : key).export({ format: 'der', type: 'spki' });
  return der.subarray(SPKI_PREFIX.length).toString('base64');
}

export const CHECKPOINT_KEY_FILE = 'checkpoint-signing-key';

/** The embedded profile's signing key as DATA_DIR holds it; undefined when there is no key file or it holds no Ed25519 key. */
export function readCheckpointKeyFile(dataDir: string): KeyObject | undefined {
  const file = path.join(dataDir, CHECKPOINT_KEY_FILE);
  return fs.existsSync(file) ? parseCheckpointSigningKey(fs.readFileSync(file, 'utf8')) : undefined;
}

/**
 * The embedded profile's signing key, made once into DATA_DIR (readable by its owner only) like the auth
 * secret and the file store key. It sits beside the database, so it guards against someone who can only
 * run SQL, not against someone with the disk: set CHECKPOINT_SIGNING_KEY from elsewhere for that (decision 0038).
 */
export function loadOrCreateCheckpointKey(dataDir: string): KeyObject {
  const file = path.join(dataDir, CHECKPOINT_KEY_FILE);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    const pem = generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    try {
      fs.writeFileSync(file, pem, { mode: 0o600, flag: 'wx' });
    } catch (error) {
      // Another process made it first: use theirs.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const key = readCheckpointKeyFile(dataDir);
  if (!key) throw new Error(`${file} does not hold an Ed25519 private key (PKCS#8 PEM)`);
  return key;
}
