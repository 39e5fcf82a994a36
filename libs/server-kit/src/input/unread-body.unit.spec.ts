import { once } from 'node:events';
import { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { jest } from '@jest/globals';
import { dropUnreadBody } from './unread-body';

/** A request whose head has arrived and whose body is still coming, on a socket that is not connected. */
const arriving = () => {
  const socket = new Socket();
  return { req: new IncomingMessage(socket), socket };
};

describe('dropping the rest of a body answered before it was read', () => {
  // Only the grace's timer is faked: the stream's own ticks run as usual.
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] }));
  afterEach(() => jest.useRealTimers());

  it('reads what is left and lets the request end, keeping the connection', async () => {
    const { req, socket } = arriving();
    expect(dropUnreadBody(req, 1_000)).toBe(true);
    req.push(Buffer.alloc(64 * 1024));
    // As Node's parser ends a body: complete first.
    req.complete = true;
    req.push(null);
    await once(req, 'end');
    jest.advanceTimersByTime(5_000);
    expect(socket.destroyed).toBe(false);
  });

  it('cuts the connection when the body is still arriving after the grace', () => {
    const { req, socket } = arriving();
    expect(dropUnreadBody(req, 1_000)).toBe(true);
    req.push(Buffer.alloc(1024));
    jest.advanceTimersByTime(999);
    expect(socket.destroyed).toBe(false);
    jest.advanceTimersByTime(1);
    expect(socket.destroyed).toBe(true);
  });

  it('leaves a request whose body has all arrived alone', () => {
    const { req } = arriving();
    req.complete = true;
    expect(dropUnreadBody(req, 1_000)).toBe(false);
    expect(req.readableFlowing).toBe(null);
  });
});
