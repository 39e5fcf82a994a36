import * as z from './zod-mini';

/**
 * Realtime: a socket.io connection at `/socket.io`. A client emits `subscribe` with a topic name;
 * the server emits `readmodel.changed` whenever a projection changes rows under that topic.
 */
export const REALTIME_PATH = '/socket.io';
/**
 * Clients open a WebSocket first and fall back to long-polling only when it fails: polling first (socket.io's
 * default) takes five requests before a room is joined, and a dashboard's first read waits for that join.
 */
export const REALTIME_CLIENT_TRANSPORTS: { transports: string[]; tryAllTransports: boolean } = { transports: ['websocket', 'polling'], tryAllTransports: true };
export const RealtimeTopics = {
  directoryListings: 'directory.listings',
} as const;
/**
 * Private topics: a signed-in socket subscribes by name and the server joins it to that user's own room,
 * so a change to one family's memories reaches only that family's open dashboards.
 */
export const PrivateTopics = {
  memories: 'memories',
  /** A memory this person could see is gone, or someone left one of theirs: ids are `<kind>:<memory id>`, no names. */
  memoryNotices: 'memory-notices',
} as const;
export type PrivateTopic = (typeof PrivateTopics)[keyof typeof PrivateTopics];
/** The room of a private topic for one user. */
export const privateRoom = (topic: PrivateTopic, userId: string): string => `${topic}:${userId}`;
/**
 * Staff topics: only a socket whose session belongs to an active staff member may join, and every staff
 * socket joins the one room. Listing, settings and activity changes are told here, so the back office
 * refreshes within a second of a change made by another staff member or an operator tool.
 */
export const StaffTopics = {
  backOffice: 'staff.back-office',
} as const;
export type StaffTopic = (typeof StaffTopics)[keyof typeof StaffTopics];
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

/**
 * Saved preferences, told to the other parts of the same page (Settings is one remote, the memory screens
 * another): a `CustomEvent` on `window` whose `detail` is the saved `Preferences`.
 */
export const PREFERENCES_CHANGED_EVENT = 'afterwards:preferences-changed';
export const PREFERENCES_PATH = '/api/preferences';
