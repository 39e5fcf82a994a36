import { z } from 'zod';

// In a browser, zod's first object parse probes `Function('')` to see whether it may compile fast
// parsers; under the product's Content-Security-Policy (no 'unsafe-eval') the probe is refused and
// reported as a violation on every page. Browsers parse small answers: no compiled parsers there.
// Every contract imports z from here, so this runs wherever a schema is used.
if (typeof window !== 'undefined') z.config({ jitless: true });

export { z };
