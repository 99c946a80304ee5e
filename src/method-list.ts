// The counting methods: the one list their names come from, for the `Method` type, the checks of
// a count's options, the CLI's choices, checkpoints and shards' lines, with the words messages use
// for each. A method's parts are a module of src/plan/methods/ (its subproblems, where it applies,
// its default range, its finish, what binds its checkpoints), one of src/kernel/methods/ (what
// its subproblems ask of a kernel, which worker threads load) and one of src/run/gpu-methods/ (its
// count on the GPU). A leaf, so that the CLI and the public types can read it.

export const METHODS = [
  { name: 'join', label: 'the join' },
  { name: 'backtrack', label: 'backtracking' },
] as const;

/** A method's name; the public type, `Method`, is this (types.ts). */
type Name = (typeof METHODS)[number]['name'];

/**
 * The method of a checkpoint or a shard's line that names none: those made before the join were
 * all counted by backtracking. The planner plans by it where its caller names no method.
 */
export const IMPLIED_METHOD = 'backtrack' satisfies Name;

/** The names, in the list's order. */
export const METHOD_NAMES: readonly Name[] = METHODS.map((method) => method.name);

/** Whether `value` names a method. */
export function isMethodName(value: unknown): value is Name {
  return METHOD_NAMES.includes(value as Name);
}

/** The names as a message lists them, each in `quote`: "'join' or 'backtrack'". */
export function methodChoices(quote: string): string {
  const quoted = METHOD_NAMES.map((name) => `${quote}${name}${quote}`);
  return `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}`;
}

/** The words for a method in a message: "the join", "backtracking". */
export function methodLabel(name: Name): string {
  return METHODS.find((method) => method.name === name)!.label;
}
