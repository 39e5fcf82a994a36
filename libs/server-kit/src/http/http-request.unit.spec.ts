import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { appendAnswerHeader, clientAddressOf, headerOf, pathOf, rawRequestOf, rememberRequestIds, requestIdsOf, routePatternOf, setAnswerHeader, urlOf, type HttpRequest } from './http-request';

function nodeRequest(url: string, headers: Record<string, string | string[]> = {}): IncomingMessage & HttpRequest {
  const req = new IncomingMessage(new Socket());
  req.method = 'GET';
  req.url = url;
  req.headers = headers as IncomingMessage['headers'];
  return req as IncomingMessage & HttpRequest;
}

/** Fastify's request wraps Node's: its fields are copies, the stream is `raw`. */
function fastifyRequest(raw: IncomingMessage, route?: string) {
  return { method: raw.method!, url: raw.url!, headers: raw.headers, ip: '203.0.113.9', socket: raw.socket, raw, originalUrl: raw.url!, routeOptions: { url: route } };
}

/** A reply with Fastify's header rules: Set-Cookie accumulates, anything else is replaced. */
function fastifyReply() {
  const headers: Record<string, unknown> = {};
  return {
    raw: new ServerResponse(nodeRequest('/')),
    headers,
    header(name: string, value: unknown) {
      const key = name.toLowerCase();
      if (key === 'set-cookie' && headers[key] !== undefined) headers[key] = [...[headers[key]].flat(), value];
      else headers[key] = value;
      return this;
    },
    getHeader: (name: string) => headers[name.toLowerCase()],
  };
}

describe('HTTP request helpers', () => {
  it('read an Express request (Node request with extras) and a Fastify one alike', () => {
    const express = Object.assign(nodeRequest('/api/memories/7?x=1', { 'user-agent': 'UA', cookie: ['a', 'b'] }), { originalUrl: '/api/memories/7?x=1', route: { path: '/api/memories/:id' }, ip: '198.51.100.2' });
    express.url = '/memories/7?x=1'; // as a middleware mounted at /api sees it
    const raw = nodeRequest('/api/memories/7?x=1', { 'user-agent': 'UA' });
    const fastify = fastifyRequest(raw, '/api/memories/:id');
    for (const req of [express, fastify] as HttpRequest[]) {
      expect(urlOf(req)).toBe('/api/memories/7?x=1');
      expect(pathOf(req)).toBe('/api/memories/7');
      expect(routePatternOf(req)).toBe('/api/memories/:id');
      expect(headerOf(req, 'User-Agent')).toBe('UA');
    }
    expect(headerOf(express, 'cookie')).toBe('a');
    expect(rawRequestOf(express)).toBe(express);
    expect(rawRequestOf(fastify)).toBe(raw);
    expect(clientAddressOf(express)).toBe('198.51.100.2');
    expect(clientAddressOf(fastify)).toBe('203.0.113.9');
  });

  it('give the path the router matched, also of an absolute URL or one with a fragment (as Express routes them)', () => {
    for (const [url, path] of [
      ['/api/admin/listings?x=1#y', '/api/admin/listings'],
      ['/api/admin#/listings', '/api/admin'],
      ['http://evil.example/api/memories?x=1', '/api/memories'],
      ['HTTPS://evil.example:443/api/admin/listings', '/api/admin/listings'],
      ['http://user@evil.example/api/x#y', '/api/x'],
      ['http://evil.example', '/'],
      ['http://evil.example?x=/api/', '/'],
      ['//api/memories', '//api/memories'],
      ['/api/memories/7%3Fx?y', '/api/memories/7%3Fx'],
    ] as const) {
      expect([url, pathOf(nodeRequest(url))]).toEqual([url, path]);
      expect([url, pathOf(fastifyRequest(nodeRequest(url)))]).toEqual([url, path]);
    }
  });

  it('have no route pattern before the router chose one', () => {
    expect(routePatternOf(nodeRequest('/x'))).toBeUndefined();
    expect(routePatternOf(fastifyRequest(nodeRequest('/x')))).toBeUndefined();
  });

  it('find the ids the request log gave, through either request', () => {
    const raw = nodeRequest('/api/x');
    expect(requestIdsOf(raw)).toBeUndefined();
    rememberRequestIds(raw, { requestId: 'r1', correlationId: 'c1' });
    expect(requestIdsOf(raw)).toEqual({ requestId: 'r1', correlationId: 'c1' });
    expect(requestIdsOf(fastifyRequest(raw))).toEqual({ requestId: 'r1', correlationId: 'c1' });
  });

  it('set and append answer headers on either adapter', () => {
    const node = new ServerResponse(nodeRequest('/'));
    setAnswerHeader(node, 'Content-Type', 'text/csv');
    appendAnswerHeader(node, 'Set-Cookie', 'a=1');
    appendAnswerHeader(node, 'Set-Cookie', 'b=2');
    expect(node.getHeader('content-type')).toBe('text/csv');
    expect(node.getHeader('set-cookie')).toEqual(['a=1', 'b=2']);

    const reply = fastifyReply();
    setAnswerHeader(reply, 'Content-Type', 'text/csv');
    appendAnswerHeader(reply, 'Set-Cookie', 'a=1');
    appendAnswerHeader(reply, 'Set-Cookie', 'b=2');
    appendAnswerHeader(reply, 'Vary', 'Cookie');
    appendAnswerHeader(reply, 'Vary', 'Accept-Encoding');
    expect(reply.headers['content-type']).toBe('text/csv');
    expect(reply.headers['set-cookie']).toEqual(['a=1', 'b=2']);
    expect(reply.headers['vary']).toBe('Cookie, Accept-Encoding');
  });
});
