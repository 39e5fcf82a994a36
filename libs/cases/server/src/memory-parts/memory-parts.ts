import { Injectable } from '@nestjs/common';
import type { Position } from '@afterwards/event-store';

/** A file another context adds to a memory's 'Download everything' zip, under its own folder. */
export interface MemoryExportFile {
  /** Path inside the zip, e.g. `organisations/statuses.csv`. */
  readonly path: string;
  readonly bytes: Uint8Array;
}

/** What one context keeps beside a memory, as files for the person preparing the zip (its owner). */
export type MemoryExportPart = (caseId: string, userId: string) => Promise<MemoryExportFile[]>;

/**
 * What other contexts keep beside a memory (a memory's organisations): they add their part of its download
 * here, and how to wait until Delete Forever has erased theirs, so the cases context calls them without
 * knowing them (they depend on cases, never the other way round).
 */
@Injectable()
export class MemoryParts {
  private readonly exportParts: MemoryExportPart[] = [];
  private readonly erasureWaits: ((position: Position) => Promise<void>)[] = [];

  addExport(part: MemoryExportPart): void {
    this.exportParts.push(part);
  }

  /** `wait` resolves once everything of a memory deleted at or before `position` is gone from that context. */
  addErasureWait(wait: (position: Position) => Promise<void>): void {
    this.erasureWaits.push(wait);
  }

  async exportFiles(caseId: string, userId: string): Promise<MemoryExportFile[]> {
    const files: MemoryExportFile[] = [];
    for (const part of this.exportParts) files.push(...(await part(caseId, userId)));
    return files;
  }

  async waitUntilErased(position: Position): Promise<void> {
    await Promise.all(this.erasureWaits.map((wait) => wait(position)));
  }
}
