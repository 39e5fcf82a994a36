import type { IncomingMessage } from 'node:http';
import type { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import type { Server, ServerOptions } from 'socket.io';
import { fromOwnOrigin } from '../input/own-origin';

/**
 * Whether a socket.io handshake comes from the product's own pages. Browsers send Origin on every WebSocket
 * handshake and cross-origin request, so a foreign one is another site's page (cross-site socket hijacking)
 * and a missing one a script, refused like a write without Origin. The one exception is the browser's own
 * same-origin long-polling GET (the WebSocket fallback), which carries no Origin: browsers mark it
 * `Sec-Fetch-Site: same-origin`, a header no page can set.
 */
export function ownOriginHandshake(req: Pick<IncomingMessage, 'headers'>, origins: readonly string[]): boolean {
  if (req.headers.origin !== undefined) return fromOwnOrigin(req, origins);
  return req.headers['sec-fetch-site'] === 'same-origin';
}

/** socket.io that accepts connections only from the product's own pages (see `ownOriginHandshake`). */
export class OwnOriginIoAdapter extends IoAdapter {
  constructor(
    app: INestApplicationContext,
    protected readonly origins: readonly string[],
  ) {
    super(app);
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    return super.createIOServer(port, {
      ...options,
      allowRequest: (req, callback) => callback(null, ownOriginHandshake(req, this.origins)),
    } as ServerOptions);
  }
}
