// A server component: it counts while the page is rendered on the server, and the browser gets
// only the number.
import { countSync } from 'nqueens-wasm';
import ClientCount from './client-count';

export default function Home() {
  const { total, engine } = countSync(10);
  return (
    <main>
      <p id="server-count">{`countSync(10) on the server: ${total} (${engine})`}</p>
      <ClientCount />
    </main>
  );
}
