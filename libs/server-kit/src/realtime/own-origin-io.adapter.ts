import type { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import type { Server, ServerOptions } from 'socket.io';
import { fromOwnOrigin } from '../input/own-origin';

/**
 * socket.io that refuses connections from another site's pages (cross-site socket hijacking). Browsers send
 * Origin on every WebSocket handshake and cross-origin request; only same-origin long-polling GETs come
 * without one, and those are the product's own pages.
 */
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
      allowRequest: (req, callback) => callback(null, req.headers.origin === undefined || fromOwnOrigin(req, this.origins)),
    } as ServerOptions);
  }
}
