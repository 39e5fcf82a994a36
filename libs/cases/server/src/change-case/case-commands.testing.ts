import type { EventStore } from '@afterwards/event-store';
import { expectEventually } from '@afterwards/persistence/testing';
import { CommandPipeline, type ProjectionRunner } from '@afterwards/server-kit';
import { caseStreamId, type CaseCommand } from '@afterwards/cases-domain';
import { memoriesProjection } from '../memories-projection/memories.projection';
import { caseCommands } from './case-pipeline';

/** A case command as a test writes it: the memory, who acts and when are filled in by runCaseCommands. */
export type TestCaseCommand = CaseCommand extends infer C ? (C extends CaseCommand ? Omit<C, 'actorId' | 'at' | 'caseId'> : never) : never;

/**
 * Runs the commands on the memory one after another as `actor`, through the real pipeline (as
 * ChangeCaseHandler does: Delete Forever erases the earlier events with its tombstone).
 */
export async function runCaseCommands(store: EventStore, actor: string, caseId: string, ...commands: TestCaseCommand[]): Promise<void> {
  for (const command of commands) {
    const full = { ...command, caseId, actorId: actor, at: new Date().toISOString() } as CaseCommand;
    await new CommandPipeline(store, caseCommands()).run(caseId, full, { actor });
  }
}

/** Resolves once the memories projection has reached the memory's own last event: readAll on PostgreSQL stops short of commits still in flight. */
export async function untilProjected(store: EventStore, runner: ProjectionRunner, caseId: string): Promise<void> {
  const last = (await store.readStream(caseStreamId(caseId))).at(-1)!.position;
  await expectEventually(() => {
    const at = runner.status()[memoriesProjection.name];
    expect(at && (at.commit > last.commit || (at.commit === last.commit && at.prepare >= last.prepare))).toBe(true);
  });
}
