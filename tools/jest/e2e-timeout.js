// End-to-end tests start the product and a browser: allow them longer than Jest's 5 s.
import { jest } from '@jest/globals';

jest.setTimeout(60_000);
