// How each of the benchmark's commands (npm run bench, npm run bench:internals) treats its command
// line and its failures, alike: a usage error prints the message and the usage, --help the usage,
// and an error while it runs its message alone, never a stack.

/** The options every command takes: timed rounds per measurement, JSON instead of tables, the usage. */
export const COMMON_OPTIONS = {
  runs: { type: 'string', default: '3' },
  json: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

/**
 * Parses the command line with `parse` and runs the command. A usage error (parseArgs' own, an
 * unknown flag, or one `parse` throws) exits with code 2, an error while it runs with code 1.
 */
export async function runCommand<Args extends { help: boolean }>(
  usage: string,
  parse: () => Args,
  run: (args: Args) => Promise<void>,
): Promise<void> {
  let args: Args;
  try {
    args = parse();
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${usage}`);
    process.exitCode = 2;
    return;
  }
  if (args.help) {
    process.stdout.write(usage);
    return;
  }
  try {
    await run(args);
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  }
}

/** The report as one line of JSON, its bigints as decimal strings. */
export function writeJson(report: unknown): void {
  process.stdout.write(
    `${JSON.stringify(report, (_key, value) => (typeof value === 'bigint' ? String(value) : value))}\n`,
  );
}
