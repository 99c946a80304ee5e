// The globals the host-free core may use (tsconfig.core.json): those every host the package runs
// in provides, Node 20 and later, browsers and their workers, Deno, Bun and workerd, with only the
// members the core uses. The core is type-checked against these and ES2022 alone, so that a use of
// Node's modules or of the DOM there is a type error. tsconfig.json checks every file against the
// hosts' own declarations; this file is a .d.mts so that its `src/**/*.ts` leaves it out, since
// beside those declarations it would merge into them.

export {};

declare global {
  var performance: { now(): number };

  function setTimeout(callback: () => void, ms?: number): unknown;
  function clearTimeout(timer: unknown): void;
  function setInterval(callback: () => void, ms?: number): unknown;
  function clearInterval(timer: unknown): void;
  /** Node's and Bun's only: the core looks for it before it calls it. */
  function setImmediate(callback: () => void): unknown;

  class MessageChannel {
    readonly port1: MessagePort;
    readonly port2: MessagePort;
  }
  interface MessagePort {
    onmessage: ((event: unknown) => void) | null;
    postMessage(message: unknown): void;
    close(): void;
  }

  interface AbortSignal {
    readonly aborted: boolean;
    readonly reason: unknown;
    addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
    removeEventListener(type: 'abort', listener: () => void): void;
  }

  class DOMException extends Error {
    constructor(message?: string, name?: string);
  }

  class TextDecoder {
    decode(input?: ArrayBuffer | ArrayBufferView): string;
  }

  function atob(data: string): string;

  namespace WebAssembly {
    class Module {
      constructor(bytes: Uint8Array<ArrayBuffer>);
      static customSections(module: Module, name: string): ArrayBuffer[];
    }
    class Instance {
      constructor(module: Module);
      readonly exports: Record<string, unknown>;
    }
    class Memory {
      readonly buffer: ArrayBuffer;
    }
    function compile(bytes: Uint8Array<ArrayBuffer>): Promise<Module>;
    function instantiate(module: Module): Promise<Instance>;
  }
}
