import type { JobProcessor } from '@afterwards/server-kit';
import { expireMemoryExportsProcessor, exportMemoryProcessor } from './export-memory.job';

/** The memories context's background work: preparing zips, and deleting them when their time is up. */
export const memoryExportJobProcessors: JobProcessor[] = [exportMemoryProcessor as JobProcessor, expireMemoryExportsProcessor as JobProcessor];
