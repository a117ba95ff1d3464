/**
 * The promise's value when it settles within `ms`, else null (it goes on; nothing is cancelled).
 * A page waits this long for what decides its status: known in time, it is sent whole, so a page
 * that does not exist is a real 404; a slower provider gets its loading state streamed first
 * (whose status, sent with the first bytes, is then 200).
 */
export async function settledWithin<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** How long a page waits for the provider before it streams its loading state. */
export const STATUS_WAIT_MS = 1_500;
