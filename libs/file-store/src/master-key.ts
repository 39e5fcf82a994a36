import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '@afterwards/server-kit';
import { EncryptedFileStore } from './encrypted-file-store';

const KEY_BYTES = 32;
export const MASTER_KEY_FILE = 'file-store-key';

/** FILE_STORE_KEY: base64 (or base64url) of exactly 32 bytes, e.g. `openssl rand -base64 32`. */
export function parseFileStoreKey(text: string): Buffer {
  const trimmed = text.trim();
  const key = /^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed) ? Buffer.from(trimmed, 'base64') : Buffer.alloc(0);
  if (key.length !== KEY_BYTES) throw new Error('FILE_STORE_KEY must be the base64 of 32 random bytes (e.g. openssl rand -base64 32)');
  return key;
}

/**
 * The embedded profile's master key: made once into DATA_DIR (readable by its owner only), like the
 * embedded auth secret. Losing this file makes every stored file unreadable, so it is never rewritten.
 */
export function loadOrCreateMasterKey(dataDir: string): Buffer {
  const file = path.join(dataDir, MASTER_KEY_FILE);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    try {
      fs.writeFileSync(file, randomBytes(KEY_BYTES).toString('base64'), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      // Another process made it first: use theirs.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  try {
    return parseFileStoreKey(fs.readFileSync(file, 'utf8'));
  } catch {
    throw new Error(`${file} does not hold a file store key (base64 of 32 bytes)`);
  }
}

/**
 * The master key the configuration gives (FILE_STORE_KEY), or the embedded profile's own; with DATABASE_URL
 * it must be configured (every replica shares it). It wraps the files' keys and each memory's key for the
 * personal data kept in its events and rows (a memory's organisations' references).
 */
export function resolveMasterKey(config: Pick<AppConfig, 'profile' | 'dataDir' | 'fileStoreKey'>): Buffer {
  if (config.fileStoreKey) return config.fileStoreKey;
  if (config.profile === 'services') {
    throw new Error('FILE_STORE_KEY is required with DATABASE_URL: every API replica must share it to read stored files (e.g. openssl rand -base64 32)');
  }
  return loadOrCreateMasterKey(config.dataDir);
}

/** The store the configuration describes. */
export function createFileStore(config: Pick<AppConfig, 'profile' | 'dataDir' | 'fileStoreDir' | 'fileStoreKey'>): EncryptedFileStore {
  return new EncryptedFileStore({ dir: config.fileStoreDir, masterKey: resolveMasterKey(config) });
}
