// The ALU operations a kernel's loop pays per iteration, counted by this script in the SPIR-V that
// Dawn's Tint makes from its WGSL (what a Vulkan driver, NVIDIA's included, compiles): Dawn prints
// it with its `dump_shaders` toggle, in a child process (the dump goes to that process's stdout).
//
// The loop is the innermost one that counts (holds an OpBitCount). Its hot path is its body as a
// warp runs it on most iterations: at each branch, an arm that fetches work (it holds an atomic)
// or always leaves the loop (a break) is left out, since it runs once per task or dispatch; where
// neither arm does, both are counted, as lanes that go both ways make the warp run both. Counted as ALU: integer arithmetic, logic, shifts, comparisons, selects, bit
// counts, GLSL.std.450 extended instructions (Tint's index clamps among them), and the address of
// a dynamically indexed access; not counted: loads and stores of function variables (registers),
// composite extracts and constructs, branches. Workgroup and storage loads and stores are counted
// apart, with their bytes.

import { spawnSync } from 'node:child_process';

export interface LoopOps {
  /** ALU operations on the hot path of one iteration. */
  alu: number;
  /** Workgroup-memory loads and stores on that path, and their bytes. */
  sharedLoads: number;
  sharedStores: number;
  sharedBytes: number;
  /** Storage-buffer accesses and atomics on that path (0 for a loop that keeps to registers and workgroup memory). */
  storage: number;
  /** ALU operations by opcode, for reading. */
  byOp: Record<string, number>;
}

const ALU = new Set([
  'OpIAdd',
  'OpISub',
  'OpIMul',
  'OpSNegate',
  'OpUDiv',
  'OpUMod',
  'OpBitwiseAnd',
  'OpBitwiseOr',
  'OpBitwiseXor',
  'OpNot',
  'OpShiftLeftLogical',
  'OpShiftRightLogical',
  'OpShiftRightArithmetic',
  'OpBitCount',
  'OpBitReverse',
  'OpBitFieldUExtract',
  'OpBitFieldInsert',
  'OpSelect',
  'OpIEqual',
  'OpINotEqual',
  'OpULessThan',
  'OpULessThanEqual',
  'OpUGreaterThan',
  'OpUGreaterThanEqual',
  'OpSLessThan',
  'OpSLessThanEqual',
  'OpSGreaterThan',
  'OpSGreaterThanEqual',
  'OpLogicalAnd',
  'OpLogicalOr',
  'OpLogicalNot',
  'OpLogicalEqual',
  'OpLogicalNotEqual',
  'OpExtInst',
  'OpConvertUToF',
  'OpConvertFToU',
]);

/** The SPIR-V disassembly Dawn makes of `wgsl` (entry point main, with `constants` for its overrides). */
export function dumpSpirv(wgsl: string, constants: Record<string, number> = {}): string {
  const script = `
import { create } from 'webgpu';
const [code, constants] = JSON.parse(process.argv[1]);
const adapter = await create(['enable-dawn-features=dump_shaders,disable_symbol_renaming']).requestAdapter();
if (adapter === null) { console.error('no adapter'); process.exit(3); }
const device = await adapter.requestDevice();
const module = device.createShaderModule({ code });
// The synchronous call: with the dump on, Dawn's asynchronous one crashes on some shaders.
device.createComputePipeline({ layout: 'auto', compute: { module, entryPoint: 'main', constants } });
process.exit(0);
`;
  // Dawn may crash as the process exits after the dump: what it printed is what counts.
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script, JSON.stringify([wgsl, constants])], {
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  const out = child.stdout ?? '';
  const at = out.lastIndexOf('Dumped SPIRV disassembly');
  if (at < 0) throw new Error(`Dawn printed no SPIR-V: ${(child.stderr ?? '').trim().split('\n').pop()}`);
  return out.slice(at);
}

interface Instruction {
  result: string | null;
  op: string;
  args: string[];
}

interface Block {
  label: string;
  body: Instruction[];
  terminator: Instruction;
  merge: Instruction | null;
}

function parseLine(line: string): Instruction | null {
  const text = line.replace(/;.*$/, '').trim();
  if (text === '') return null;
  const match = /^(?:(%\S+)\s*=\s*)?(Op\w+)\s*(.*)$/.exec(text);
  if (!match) return null;
  const args = match[3].match(/"[^"]*"|\S+/g) ?? [];
  return { result: match[1] ?? null, op: match[2], args };
}

/** The function's blocks, in order, from the disassembly. */
function blocksOf(
  spirv: string,
  fn: string,
): { blocks: Map<string, Block>; order: string[]; types: Map<string, string> } {
  const types = new Map<string, string>(); // result id -> its pointer type's storage class, or a type name
  const pointerClass = new Map<string, string>();
  const lines = spirv.split('\n').map(parseLine);
  for (const ins of lines) {
    if (ins === null || ins.result === null) continue;
    if (ins.op === 'OpTypePointer') pointerClass.set(ins.result, ins.args[0]);
    if (ins.op === 'OpTypeVector') types.set(ins.result, `vec${ins.args[1]}`);
  }
  const blocks = new Map<string, Block>();
  const order: string[] = [];
  let inside = false;
  let current: { label: string; body: Instruction[]; merge: Instruction | null } | null = null;
  for (const ins of lines) {
    if (ins === null) continue;
    if (ins.op === 'OpFunction') inside = ins.result === fn;
    if (!inside) continue;
    if (ins.result !== null && ins.op !== 'OpLabel') {
      // A value's type, and for pointers their storage class.
      const type = ins.args[0];
      if (pointerClass.has(type)) types.set(ins.result, pointerClass.get(type)!);
      else if (types.has(type)) types.set(ins.result, types.get(type)!);
    }
    if (ins.op === 'OpVariable' && ins.result !== null) types.set(ins.result, ins.args[1]);
    if (ins.op === 'OpLabel') {
      current = { label: ins.result!, body: [], merge: null };
      order.push(current.label);
      continue;
    }
    if (current === null) continue;
    if (ins.op === 'OpLoopMerge' || ins.op === 'OpSelectionMerge') current.merge = ins;
    else if (
      ['OpBranch', 'OpBranchConditional', 'OpReturn', 'OpReturnValue', 'OpSwitch', 'OpUnreachable'].includes(ins.op)
    ) {
      blocks.set(current.label, { ...current, terminator: ins });
      current = null;
    } else current.body.push(ins);
  }
  // Globals' storage classes (workgroup arrays, storage buffers).
  for (const ins of lines) {
    if (ins?.op === 'OpVariable' && ins.result !== null && pointerClass.has(ins.args[0]))
      types.set(ins.result, pointerClass.get(ins.args[0])!);
  }
  return { blocks, order, types };
}

function successors(b: Block): string[] {
  const t = b.terminator;
  if (t.op === 'OpBranch') return [t.args[0]];
  if (t.op === 'OpBranchConditional') return [t.args[1], t.args[2]];
  if (t.op === 'OpSwitch') return t.args.slice(1).filter((a) => a.startsWith('%'));
  return [];
}

/** The ops of `spirv`'s counting loop, on its hot path. */
export function countLoopOps(spirv: string): LoopOps {
  const fn = /(%main_inner) = OpFunction/.exec(spirv)?.[1] ?? /(%main) = OpFunction/.exec(spirv)?.[1];
  if (!fn) throw new Error('no main function in the SPIR-V');
  const { blocks, order, types } = blocksOf(spirv, fn);
  // Loops: header -> (merge, continue) and the blocks of their bodies.
  const loops: { header: string; merge: string; cont: string; body: Set<string> }[] = [];
  for (const label of order) {
    const b = blocks.get(label)!;
    if (b.merge?.op !== 'OpLoopMerge') continue;
    const [merge, cont] = b.merge.args;
    // The body: reachable from the header without passing the merge block.
    const body = new Set<string>([label]);
    const todo = [label];
    while (todo.length > 0) {
      const at = blocks.get(todo.pop()!)!;
      for (const s of successors(at)) {
        if (s === merge || body.has(s)) continue;
        body.add(s);
        todo.push(s);
      }
    }
    loops.push({ header: label, merge, cont, body });
  }
  const counting = loops.filter((l) => [...l.body].some((x) => blocks.get(x)!.body.some((i) => i.op === 'OpBitCount')));
  const loop = counting.find(
    (l) => !counting.some((o) => o !== l && l.body.has(o.header) && o.body.size < l.body.size),
  );
  if (!loop) throw new Error('no counting loop in the SPIR-V');

  const rareCache = new Map<string, boolean>();
  /**
   * Whether the region from `start` to `stop` fetches work (it holds an atomic) or always leaves
   * the loop (no path from it reaches `stop` or the next iteration without a break or a return).
   */
  const rare = (start: string, stop: string): boolean => {
    const key = `${start}>${stop}`;
    if (rareCache.has(key)) return rareCache.get(key)!;
    const seen = new Set<string>();
    const todo = [start];
    let atomic = false;
    let stays = false;
    while (todo.length > 0) {
      const label = todo.pop()!;
      if (seen.has(label)) continue;
      seen.add(label);
      if (label === stop || label === loop.cont || label === loop.header) {
        stays = true;
        continue;
      }
      if (label === loop.merge || !loop.body.has(label)) continue;
      const b = blocks.get(label)!;
      if (b.body.some((ins) => ins.op.startsWith('OpAtomic'))) atomic = true;
      todo.push(...successors(b));
    }
    const result = atomic || !stays;
    rareCache.set(key, result);
    return result;
  };

  const ops: LoopOps = { alu: 0, sharedLoads: 0, sharedStores: 0, sharedBytes: 0, storage: 0, byOp: {} };
  const bytesOf = (pointer: string) =>
    types.get(pointer)?.startsWith('vec') ? Number(types.get(pointer)!.slice(3)) * 4 : 4;
  const countBlock = (b: Block) => {
    for (const ins of b.body) {
      if (ALU.has(ins.op)) {
        const name = ins.op === 'OpExtInst' ? `OpExtInst ${ins.args[2]}` : ins.op;
        ops.alu++;
        ops.byOp[name] = (ops.byOp[name] ?? 0) + 1;
      }
      if (ins.op === 'OpAccessChain') {
        const cls = types.get(ins.args[1]);
        if (cls === 'Workgroup' || cls === 'StorageBuffer') {
          // The address of an element picked at run time: one operation.
          if (ins.args.slice(2).some((a) => !/^%uint_\d+$|^%int_\d+$/.test(a))) {
            ops.alu++;
            ops.byOp.address = (ops.byOp.address ?? 0) + 1;
          }
        }
      }
      if (ins.op === 'OpLoad' || ins.op === 'OpStore') {
        const pointer = ins.op === 'OpLoad' ? ins.args[1] : ins.args[0];
        const cls = types.get(pointer);
        if (cls === 'Workgroup') {
          if (ins.op === 'OpLoad') ops.sharedLoads++;
          else ops.sharedStores++;
          ops.sharedBytes += bytesOf(ins.op === 'OpLoad' ? ins.result! : ins.args[1]);
        }
        if (cls === 'StorageBuffer') ops.storage++;
      }
      if (ins.op.startsWith('OpAtomic')) ops.storage++;
    }
  };
  /** Walks the structured region from `start` until `stop`, counting the hot path. */
  const walk = (start: string, stop: string) => {
    let label: string | null = start;
    const guard = new Set<string>();
    while (label !== null && label !== stop) {
      if (guard.has(label)) throw new Error(`the walk came back to ${label}`);
      guard.add(label);
      const b: Block = blocks.get(label)!;
      countBlock(b);
      const t: Instruction = b.terminator;
      if (t.op === 'OpBranch') {
        label = t.args[0] === loop.header ? null : t.args[0];
        continue;
      }
      if (t.op === 'OpBranchConditional') {
        const merge =
          b.merge?.op === 'OpSelectionMerge' ? b.merge.args[0] : b.merge?.op === 'OpLoopMerge' ? null : null;
        const [yes, no] = [t.args[1], t.args[2]];
        if (b.merge?.op === 'OpLoopMerge' && label !== loop.header) throw new Error('a loop inside the hot path');
        const end = merge ?? loop.merge;
        const rareYes = rare(yes, end);
        const rareNo = rare(no, end);
        if (rareYes && rareNo) throw new Error(`both arms of the branch in ${label} leave the hot path`);
        if (!rareYes && yes !== end) walk(yes, end);
        if (!rareNo && no !== end) walk(no, end);
        label = merge;
        continue;
      }
      throw new Error(`unexpected ${t.op} on the hot path`);
    }
  };
  walk(loop.header, loop.merge);
  return ops;
}
