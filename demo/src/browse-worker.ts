// Lists and classifies the solutions of n off the page's thread (n = 12 has 14,200 of them).
import { solutions } from 'nqueens-wasm';
import { type Classified, classify } from './symmetry-class.js';

export interface BrowseRequest {
  id: number;
  n: number;
}

export interface BrowseAnswer {
  id: number;
  items: Classified[];
  unique: number;
}

self.onmessage = (event: MessageEvent<BrowseRequest>) => {
  const { id, n } = event.data;
  const { items, unique } = classify([...solutions(n)]);
  self.postMessage({ id, items, unique } satisfies BrowseAnswer);
};
