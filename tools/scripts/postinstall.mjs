// Generates the Prisma client after install. The Prisma CLI would try to download its schema engine,
// which these machines cannot reach and generation does not need, so point it at a stub.
import { execFileSync } from 'node:child_process';

execFileSync(
  process.execPath,
  ['node_modules/prisma/build/index.js', 'generate', '--schema', 'libs/persistence/prisma/schema.prisma'],
  { stdio: 'inherit', env: { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: '/bin/false', PRISMA_HIDE_UPDATE_MESSAGE: '1' } },
);
