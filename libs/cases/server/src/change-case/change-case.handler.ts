import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ChangeCase, type CaseChangeResult } from './change-case.command';
import { CasePipeline } from './case-pipeline';

/** The CommandBus's way into the memories' command pipeline (erasure steps and tools send ChangeCase). */
@CommandHandler(ChangeCase)
export class ChangeCaseHandler implements ICommandHandler<ChangeCase, CaseChangeResult> {
  constructor(private readonly pipeline: CasePipeline) {}

  async execute({ command, context }: ChangeCase): Promise<CaseChangeResult> {
    const result = await this.pipeline.run(command.caseId, command, context);
    return { caseId: command.caseId, revision: result.revision, eventTypes: result.events.map((e) => e.type), position: result.position };
  }
}
