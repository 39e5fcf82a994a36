import type { ProjectionLeadership } from './leadership';
import type { ProjectionRunnerOptions, ProjectionRunner } from './projection-runner';

/** What a runner of one term is given: the term's fence, and what to do when a batch finds a newer one. */
export type LeaderFencing = Required<Pick<ProjectionRunnerOptions, 'fence' | 'onLeaseLost'>>;

/** The runner of the current term, if this replica leads. */
export interface LeaderRunner {
  current(): ProjectionRunner | undefined;
}

/**
 * Registers `create` as leader work: each term builds a runner with that term's fence (and steps the
 * replica down when a batch finds a newer one), starts it, and stops it when the term ends. The one way
 * projections and reactors are run, so none can forget the fence.
 */
export function runWhileLeading(
  leadership: ProjectionLeadership,
  work: { readonly name: string; readonly order: number },
  create: (fencing: LeaderFencing) => ProjectionRunner,
): LeaderRunner {
  let runner: ProjectionRunner | undefined;
  leadership.register({
    ...work,
    async start(fence) {
      const next = create({ fence, onLeaseLost: (error) => void leadership.stepDown(`${work.name}: a batch found a newer lease`, error) });
      await next.start();
      runner = next;
    },
    async stop() {
      const stopping = runner;
      runner = undefined;
      await stopping?.stop();
    },
  });
  return { current: () => runner };
}
