// Integration tests talk to real databases and Redis: allow them longer than Jest's 5 s.
import { jest } from '@jest/globals';

jest.setTimeout(30_000);
