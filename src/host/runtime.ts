// What the host running the package offers, found without naming Node's modules in an import:
// a bundler resolves what an import names (Turbopack fails on a computed `node:` specifier,
// webpack warns about it), and a reference to the free global `process` makes Parcel add a
// polyfill to the user's app. process.getBuiltinModule (Node 20.16 and later, Deno, Bun and
// workerd) hands a builtin over without either.

interface NodeLikeProcess {
  readonly versions?: { readonly node?: string; readonly bun?: string };
  getBuiltinModule?(id: string): unknown;
}

const nodeProcess = (globalThis as { process?: NodeLikeProcess }).process;

/** Whether the host offers Node's modules: Node itself, Deno, Bun, workerd. */
export const offersNodeModules = typeof nodeProcess?.versions?.node === 'string';

/** Node's builtin `node:<name>`, or undefined where the host does not have it. */
export function nodeBuiltin<T>(name: string): T | undefined {
  try {
    return (nodeProcess?.getBuiltinModule?.(`node:${name}`) ?? undefined) as T | undefined;
  } catch {
    return undefined;
  }
}

/** The runtime's name, for messages that say what this host lacks. */
export function runtimeName(): string {
  const scope = globalThis as {
    Deno?: unknown;
    Bun?: unknown;
    navigator?: { userAgent?: unknown };
    document?: unknown;
  };
  if (scope.Deno !== undefined) return 'Deno';
  if (scope.Bun !== undefined || nodeProcess?.versions?.bun !== undefined) return 'Bun';
  if (scope.navigator?.userAgent === 'Cloudflare-Workers') return 'workerd';
  if (offersNodeModules) return 'Node';
  if (scope.document !== undefined) return 'this browser';
  return 'this runtime';
}
