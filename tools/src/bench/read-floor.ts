import fs from 'node:fs';
import http from 'node:http';
import { brotliAnswer } from '@afterwards/api/answer-compression';
import { getMemoryDetail, listMemories } from '@afterwards/cases-server';
import { createPrismaClient, PostgresSqlClient } from '@afterwards/persistence';

export interface ReadFloorOptions {
  readonly database: string;
  /** A JSON file: each person's `Cookie` header to their user id (what the API's session cache holds). */
  readonly people: string;
  readonly port: number;
}

const MEMORY_PATH = /^\/api\/memories\/([^/?]+)$/;

/**
 * `bench read-floor`: the product's two hot reads with no framework around them, the floor any HTTP layer
 * for them would stand on. Node's bare `http` server; the person from their cookie by a map lookup (as the
 * API's session cache answers); the product's own read functions (one statement under row-level security,
 * its rows shaped by the product's code) on a pool like the API's; JSON compressed by the API's own function
 * (`brotliAnswer`) and sent in one write with the API's headers. No routing table, no middleware, no
 * metrics, no request log: what is left is the cost of the read itself on this machine.
 */
export async function runReadFloor(options: ReadFloorOptions): Promise<void> {
  const userByCookie = new Map<string, string>(Object.entries(JSON.parse(fs.readFileSync(options.people, 'utf8')) as Record<string, string>));
  const sql = PostgresSqlClient.open(options.database, { applicationName: 'afterwards-read-floor' });
  const prisma = createPrismaClient(sql);
  const answer = async (url: string, userId: string): Promise<unknown> => {
    if (url === '/api/memories') return { memories: await listMemories(prisma, userId) };
    const id = MEMORY_PATH.exec(url)?.[1];
    return id ? getMemoryDetail(prisma, userId, id) : null;
  };
  const server = http.createServer((req, res) => {
    req.resume();
    const userId = userByCookie.get(req.headers.cookie ?? '');
    if (!userId) {
      res.writeHead(401).end();
      return;
    }
    answer(req.url ?? '', userId).then(
      (body) => {
        if (body === null) {
          res.writeHead(404).end();
          return;
        }
        const json = Buffer.from(JSON.stringify(body));
        const compressed = brotliAnswer(json);
        res.writeHead(200, {
          'content-type': 'application/json; charset=utf-8',
          'content-encoding': 'br',
          'cache-control': 'private, no-store',
          vary: 'Accept-Encoding',
          'content-length': compressed.length,
        });
        res.end(compressed);
      },
      (error: unknown) => {
        console.error(error);
        res.writeHead(500).end();
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(options.port, '127.0.0.1', resolve));
  process.stdout.write('listening\n');
  const stop = () => {
    server.close();
    server.closeAllConnections();
    void sql.close().finally(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  // Stay up until told to stop.
  await new Promise(() => undefined);
}
