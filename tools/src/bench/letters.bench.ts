import { STARTING_DIRECTORY } from '@afterwards/organisations-domain';
import { letterPackPdf, letterPdf } from '@afterwards/organisations-domain/pdf';
import type { LetterDetails } from '@afterwards/contracts';
import { median } from './stats';

/** The goals the issue sets: one letter under 1 s, a pack of 30 under 5 s, on this machine. */
const GOAL_ONE_MS = 1_000;
const GOAL_PACK_MS = 5_000;

/** A family's letter to the n-th organisation of the starting directory, with two references. */
function letterTo(n: number): LetterDetails {
  const organisation = STARTING_DIRECTORY[n % STARTING_DIRECTORY.length]!;
  return {
    sender: { name: 'Sarah Jones', address: ['14 Orchard Lane', 'Bristol', 'BS1 4DJ'], email: 'sarah@example.org', phone: '07700 900123' },
    organisation: { name: organisation.name, kind: organisation.kind, address: organisation.address },
    deceased: { fullName: 'Margaret Ellen Jones', dateOfBirth: '1941-03-12', dateOfDeath: '2026-10-30', lastAddress: ['7 Mill Street', 'Bath', 'BA1 1AA'] },
    references: [
      { label: 'Account number', value: String(10_000_000 + n) },
      { label: 'Customer reference', value: `CR-${n}-2026` },
    ],
    jurisdiction: organisation.jurisdictions[0]!,
    date: '2026-11-28',
  };
}

async function timed(make: () => Promise<Uint8Array>): Promise<{ ms: number; bytes: number }> {
  const start = performance.now();
  const pdf = await make();
  return { ms: performance.now() - start, bytes: pdf.byteLength };
}

/**
 * `bench letters`: the time to make one letter's PDF and a pack of 30 (what 'Letters for all to tell'
 * makes), each the median of `rounds` runs after one warm-up run, printed beside the goal.
 */
export async function benchLetters(options: { rounds: number }): Promise<string> {
  const pack = Array.from({ length: 30 }, (_, n) => letterTo(n));
  await letterPdf(letterTo(0));
  await letterPackPdf(pack);
  const one: number[] = [];
  const thirty: number[] = [];
  let sizes = { one: 0, pack: 0 };
  for (let round = 0; round < options.rounds; round++) {
    const a = await timed(() => letterPdf(letterTo(round)));
    const b = await timed(() => letterPackPdf(pack));
    one.push(a.ms);
    thirty.push(b.ms);
    sizes = { one: a.bytes, pack: b.bytes };
  }
  const verdict = (ms: number, goal: number) => `goal < ${goal / 1000} s: ${ms < goal ? 'met' : 'not met'}`;
  const oneMs = median(one);
  const packMs = median(thirty);
  return [
    `letters, median of ${options.rounds} runs after a warm-up:`,
    `  one letter PDF: ${oneMs.toFixed(1)} ms (${(sizes.one / 1024).toFixed(1)} KB), ${verdict(oneMs, GOAL_ONE_MS)}`,
    `  pack of 30 letters: ${packMs.toFixed(1)} ms (${(sizes.pack / 1024).toFixed(1)} KB), ${verdict(packMs, GOAL_PACK_MS)}`,
  ].join('\n');
}
