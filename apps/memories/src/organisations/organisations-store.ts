// A memory's organisations in the remote's TanStack Query cache (one entry per memory), kept fresh by the
// realtime topic: another editor's change refetches the list of the memory it names, so everyone on the
// memory sees it without a reload. A write's answer goes straight into the cache.
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { PrivateTopics, type MemoryOrganisationsResponse } from '@afterwards/contracts';
import { ApiError, errorMessage, subscribeToTopic } from '@afterwards/web-data';
import type { ToastApi } from '@afterwards/web-ui';
import { memoriesQueryClient } from '../store';
import { organisationsApi } from './organisations-api';

export const ORGANISATIONS_KEY = ['memory-organisations'] as const;
export const organisationsKey = (memoryId: string) => [...ORGANISATIONS_KEY, memoryId] as const;

/** A change to a memory's organisations is told on the memories topic, naming the memory, to everyone on it. */
const TOPIC = PrivateTopics.memories;

export function useMemoryOrganisations(memoryId: string | undefined) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!memoryId) return;
    return subscribeToTopic(memoriesQueryClient, {
      topic: TOPIC,
      queryKey: organisationsKey(memoryId),
      onReady: () => setReady(true),
      onChange: (ids) => {
        if (ids.includes(memoryId)) void memoriesQueryClient.invalidateQueries({ queryKey: organisationsKey(memoryId) });
      },
    });
  }, [memoryId]);
  return useQuery(
    {
      queryKey: organisationsKey(memoryId ?? ''),
      queryFn: ({ signal }) => organisationsApi.get(memoryId!, signal),
      enabled: Boolean(memoryId) && ready,
    },
    memoriesQueryClient,
  );
}

/** Puts a write's answer into the cache at once. */
export function applyOrganisations(answer: MemoryOrganisationsResponse): void {
  memoriesQueryClient.setQueryData(organisationsKey(answer.memoryId), answer);
}

/** Fetches the memory's list again (after a refusal that says it changed underneath). */
export function reloadOrganisations(memoryId: string): void {
  void memoriesQueryClient.invalidateQueries({ queryKey: organisationsKey(memoryId) });
}

/**
 * A write failed: a 409 says someone changed it meanwhile, so the latest is loaded and the server's words
 * shown; a 404 reloads too (removed elsewhere). Returns the message, for a form to keep beside its fields.
 */
export function reportOrganisationError(toast: ToastApi, error: unknown, memoryId: string, fallback: string): string {
  const message = errorMessage(error);
  if (error instanceof ApiError && (error.status === 409 || error.status === 404)) {
    reloadOrganisations(memoryId);
    toast.error(message);
    return message;
  }
  toast.error(error instanceof ApiError && error.status === 400 ? message : fallback);
  return message;
}
