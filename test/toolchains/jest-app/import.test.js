// The package as a test file with `import` loads it: Babel turns the import into a require().
import { count, countSync, isSolution, solutions, WebGPUUnavailableError } from 'nqueens-wasm';
import describeCounting from './counting';

describeCounting({ count, countSync, solutions, isSolution, WebGPUUnavailableError });
