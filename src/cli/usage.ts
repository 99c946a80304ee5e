export const USAGE = `usage: nqueens <n> [--engine wasm|js|webgpu] [--workers k] [--json]   count the solutions of the n×n board (n = 1..32)
       nqueens <n> --shard i/m [--json]                         count shard i of a split into m (0 <= i < m)
         [--checkpoint FILE [--checkpoint-every 30s]]           keep the progress in FILE; resume from it when it exists
         [--progress bar|json|none]                             progress on stderr (default: bar on a terminal)
       nqueens <n> --print [--limit k] [--engine wasm|js]        print the solutions as boards
       nqueens merge [<file>...]                                add up shard results (JSON lines; standard input without files or for -)
       nqueens compare <n> | <from>..<to> [--runs k]            time the JS and wasm engines
       nqueens help | --help | --version`;

/** A mistake in the command line: reported with the usage, exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}
