import { ownerOf, summariseCpuProfile, type CpuProfile } from './cpu-profile';

const frame = (functionName: string, url = '', lineNumber = -1) => ({ functionName, url, lineNumber });

/** root → handle (express) → stringify (product); root → (garbage collector); root → (idle); root → Module._load → parse (product). */
const profile: CpuProfile = {
  nodes: [
    { id: 1, callFrame: frame('(root)'), children: [2, 4, 5, 6] },
    { id: 2, callFrame: frame('handle', 'file:///app/node_modules/express/lib/router.js', 10), children: [3] },
    { id: 3, callFrame: frame('toSummary', 'file:///app/apps/api/dist/main.js', 99) },
    { id: 4, callFrame: frame('(garbage collector)') },
    { id: 5, callFrame: frame('(idle)') },
    { id: 6, callFrame: frame('Module._load', 'node:internal/modules/cjs/loader', 1), children: [7] },
    { id: 7, callFrame: frame('parse', 'file:///app/apps/api/dist/main.js', 5) },
  ],
  samples: [2, 3, 3, 4, 5, 5, 5, 7],
  timeDeltas: [100, 100, 100, 200, 1000, 1000, 1000, 500],
};

describe('CPU profile summary', () => {
  it('names the owner of a frame: a package, Node itself, the product, or V8', () => {
    expect(ownerOf('file:///x/node_modules/@nestjs/core/router/a.js')).toBe('@nestjs/core');
    expect(ownerOf('file:///x/node_modules/express/index.js')).toBe('express');
    expect(ownerOf('node:_http_server')).toBe('node (core)');
    expect(ownerOf('file:///x/apps/api/dist/main.js')).toBe('the product (main.js)');
    expect(ownerOf('wasm://wasm/00d1cb12')).toBe('WebAssembly');
    expect(ownerOf('')).toBe('(V8 / native)');
  });

  it('shares out self time among owners and functions, leaving idle and start-up out', () => {
    const lines = summariseCpuProfile(profile);
    // Work: express 100, product 200, GC 200 (the idle 3000 and the start-up 500 left out).
    expect(lines[0]).toBe('CPU profile: 1 ms of work (idle and start-up left out), self time');
    expect(lines[1]).toBe('  by owner: the product (main.js) 40.0%, garbage collection 40.0%, express 20.0%');
    expect(lines.slice(3)).toEqual(['     40.0% toSummary (the product (main.js):100)', '     40.0% (garbage collector) (garbage collection)', '     20.0% handle (express:11)']);
  });
});
