import { Injectable } from '@nestjs/common';

/** The account being deleted, as the steps need it. */
export interface ErasedAccount {
  readonly userId: string;
  readonly email: string;
}

/**
 * One part of deleting an account, contributed by the context that holds that data. Steps run one after
 * another by `order`, lowest first, and each must be safe to run again (a retry after a failure runs
 * every step from the start): the account's own rows go last, so a failed step leaves a person who can
 * still sign in and try again rather than data nobody can reach.
 */
export interface AccountErasureStep {
  readonly name: string;
  readonly order: number;
  erase(account: ErasedAccount): Promise<void>;
}

/** Where each step sits. Gaps on purpose: a context adds its step between these without renumbering. */
export const ERASURE_ORDER = {
  /**
   * Taking the person off memories others share with them, and deleting invitations sent to or by them,
   * before their own memories go, so nothing of theirs is left in someone else's memory.
   */
  sharedMemberships: 100,
  /** Every memory the person owns, each exactly as Delete Forever; then their prepared zips. */
  ownedMemories: 200,
  /** Their reminder switches, sent-reminder records and calendar addresses on any memory. */
  reminders: 300,
  /** Last: profile, preferences, sign-in records, sessions, then the user. */
  identity: 900,
} as const;

/** The ordered steps of deleting an account; contexts add theirs when their module starts. */
@Injectable()
export class AccountErasure {
  private readonly steps: AccountErasureStep[] = [];

  add(step: AccountErasureStep): void {
    if (this.steps.some((s) => s.name === step.name)) throw new Error(`Account erasure step "${step.name}" is added twice`);
    this.steps.push(step);
    this.steps.sort((a, b) => a.order - b.order);
  }

  /** The steps in the order they run (for tests and the decision record's list). */
  names(): string[] {
    return this.steps.map((s) => s.name);
  }

  async run(account: ErasedAccount): Promise<void> {
    for (const step of this.steps) await step.erase(account);
  }
}
