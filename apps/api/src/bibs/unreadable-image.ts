/** Bytes that are not an image: the job that got them should fail for good, not be retried. */
export class UnreadableImageError extends Error {
  constructor(cause: unknown) {
    super(`not a readable image: ${cause instanceof Error ? cause.message : String(cause)}`, {
      cause,
    });
    this.name = 'UnreadableImageError';
  }

  /** The same error with a message already worded (one thrown in the engine worker thread). */
  static withMessage(message: string): UnreadableImageError {
    const error = new UnreadableImageError('');
    error.message = message;
    return error;
  }
}
