import { getCurrentAuthContextAsyncLocalStorage, getCurrentDBAdapterAsyncLocalStorage, getRequestStateAsyncLocalStorage } from '@better-auth/core/context';
import { releaseWhenIdle } from '@afterwards/server-kit';

/**
 * better-auth runs each of its calls in three AsyncLocalStorage stores (the endpoint's context, the request's
 * state, the adapter's transaction). On Node 20 the first run would leave a promise hook on for the rest of
 * the process, paid by every request after it, signed-in reads included: each is given back when idle
 * (`releaseWhenIdle`, decision 0065). Called before the first call, which then finds them made.
 */
export async function releaseAuthStorages(): Promise<void> {
  // Deprecated for reading the context; still the one way to reach its store.
  releaseWhenIdle(await getCurrentAuthContextAsyncLocalStorage());
  releaseWhenIdle(await getRequestStateAsyncLocalStorage());
  releaseWhenIdle(await getCurrentDBAdapterAsyncLocalStorage());
}
