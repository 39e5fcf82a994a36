import { z } from 'zod';

/**
 * Realtime: a socket.io connection at `/socket.io`. A client emits `subscribe` with a topic name;
 * the server emits `readmodel.changed` whenever a projection changes rows under that topic.
 */
export const REALTIME_PATH = '/socket.io';
export const RealtimeTopics = {
  directoryListings: 'directory.listings',
} as const;
export type RealtimeTopic = (typeof RealtimeTopics)[keyof typeof RealtimeTopics];

export const RealtimeEvents = {
  subscribe: 'subscribe',
  unsubscribe: 'unsubscribe',
  readModelChanged: 'readmodel.changed',
} as const;

export const ReadModelChangedSchema = z.object({
  topic: z.string(),
  ids: z.array(z.string()),
  at: z.string(),
});
export type ReadModelChanged = z.infer<typeof ReadModelChangedSchema>;
