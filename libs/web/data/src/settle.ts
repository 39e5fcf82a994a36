/**
 * Runs `action` once changes stop arriving for `quietMs`, but no later than `maxWaitMs` after the first
 * change it has not yet acted on: a screen hearing a steady stream of changes (an import, a busy office)
 * still refetches about once a `maxWaitMs`, instead of waiting for a quiet moment that never comes.
 */
export function settled(action: () => void, quietMs: number, maxWaitMs: number): { push(): void; cancel(): void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let firstAt: number | undefined;
  const fire = () => {
    timer = undefined;
    firstAt = undefined;
    action();
  };
  return {
    push() {
      const now = Date.now();
      firstAt ??= now;
      clearTimeout(timer);
      timer = setTimeout(fire, Math.max(0, Math.min(quietMs, firstAt + maxWaitMs - now)));
    },
    cancel() {
      clearTimeout(timer);
      timer = undefined;
      firstAt = undefined;
    },
  };
}
