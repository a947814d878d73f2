// The one error of a command line that cannot run, shared by the mock's CLI and verify's commands: each prints its
// message and its usage, and exits with status 2.

/** A command line that cannot run (exit status 2): the message says what to change. */
export class UsageError extends Error {
  override name = "UsageError";
}
