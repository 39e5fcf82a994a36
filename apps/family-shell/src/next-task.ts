/**
 * Resolves in a later task, so the work after it does not lengthen the current one (a long task holds a
 * slow phone's main thread). A MessageChannel message, not `setTimeout(0)`, which browsers may clamp.
 */
export const nextTask = (): Promise<void> =>
  new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
