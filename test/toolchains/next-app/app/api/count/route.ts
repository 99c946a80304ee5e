// A route handler that counts on two worker threads of the server; ?n= picks the board size. It
// reads the request, so Next.js answers each request anew rather than prerendering one answer.
import { count } from 'nqueens-wasm';

export async function GET(request: Request): Promise<Response> {
  const n = Number(new URL(request.url).searchParams.get('n') ?? 16);
  const { total, engine, workers } = await count(n, { workers: 2 });
  return Response.json({ n, total, engine, workers });
}
