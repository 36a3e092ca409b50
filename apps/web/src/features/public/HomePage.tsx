import { useTitle } from '../../lib/use-title';

export function HomePage() {
  useTitle('Home');
  return (
    <main className="container py-5">
      <h1>Preserve Your Voice. Be Remembered The Way You Want</h1>
    </main>
  );
}
