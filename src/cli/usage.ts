// Mistakes in the command line, and files it names that cannot be used: exit code 2.

/** A mistake in the command line, or a file it names that cannot be used: exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';

  /** `withUsage`: a mistake in the command line itself, told with the usage. */
  constructor(
    message: string,
    readonly withUsage = true,
  ) {
    super(message);
  }
}
