// Remote modules are loaded through the Module Federation runtime, so that "Try again" after a failed
// download really fetches the remote's manifest again.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadRemote } from '@module-federation/enhanced/runtime';

export async function loadRemoteComponent<P>(id: string): Promise<{ default: ComponentType<P> }> {
  const mod = await loadRemote<{ default: ComponentType<P> }>(id);
  if (!mod?.default) throw new Error(`The remote did not provide ${id}`);
  return mod;
}

/** A fresh lazy component for `id`: make a new one (e.g. keyed on an attempt counter) to retry. */
export function lazyRemote<P>(id: string): LazyExoticComponent<ComponentType<P>> {
  return lazy(() => loadRemoteComponent<P>(id));
}
