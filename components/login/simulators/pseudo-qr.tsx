/**
 * A QR-looking pattern for the "another device" simulators. It encodes nothing (there is no
 * real app to scan it); it only makes the screen look like the real one. Deterministic per seed
 * so the server renders the same markup every time.
 */
const SIZE = 25;

function seeded(seed: string): () => number {
  let h = 2166136261;
  for (const ch of seed) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return () => {
    h = Math.imul(h ^ (h >>> 15), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    h ^= h >>> 16;
    return (h >>> 0) / 4294967296;
  };
}

function inFinder(x: number, y: number): boolean {
  const near = (v: number, origin: number) => v >= origin && v < origin + 8;
  return (near(x, 0) && near(y, 0)) || (near(x, SIZE - 8) && near(y, 0)) || (near(x, 0) && near(y, SIZE - 8));
}

function finder(ox: number, oy: number): string {
  return `M${ox} ${oy}h7v7h-7zM${ox + 1} ${oy + 1}v5h5v-5zM${ox + 2} ${oy + 2}h3v3h-3z`;
}

export function PseudoQr({ seed, className }: { seed: string; className?: string }) {
  const random = seeded(seed);
  let cells = "";
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      if (!inFinder(x, y) && random() < 0.5) cells += `M${x} ${y}h1v1h-1z`;
    }
  }
  const finders = finder(0, 0) + finder(SIZE - 7, 0) + finder(0, SIZE - 7);
  return (
    <svg viewBox={`-2 -2 ${SIZE + 4} ${SIZE + 4}`} className={className} aria-hidden="true" shapeRendering="crispEdges">
      <rect x="-2" y="-2" width={SIZE + 4} height={SIZE + 4} fill="white" />
      <path d={finders} fill="#111827" fillRule="evenodd" />
      <path d={cells} fill="#111827" />
    </svg>
  );
}
