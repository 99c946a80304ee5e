// Vite's `?raw` suffix imports a file's text as a string; the demo reads a doc's markdown so.
declare module '*.md?raw' {
  const text: string;
  export default text;
}
