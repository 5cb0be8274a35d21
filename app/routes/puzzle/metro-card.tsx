// The sample metro card the thief left behind. Its clue is in the journeys.
const JOURNEYS = [
  { station: "Okhla", time: "23:05" },
  { station: "Jor Bagh", time: "23:41" },
  { station: "AIIMS", time: "01:12" },
  { station: "Saket", time: "01:38" },
];

export function SampleMetroCard() {
  return (
    <figure className="mx-auto w-full max-w-sm" aria-labelledby="metro-card-caption">
      <div className="rounded-2xl bg-gradient-to-br from-brand-600 to-brand-900 p-5 text-white shadow-lg">
        <div className="flex items-start justify-between">
          <p className="text-sm font-bold tracking-widest uppercase">Metro Smart Card</p>
          <span aria-hidden="true" className="h-8 w-10 rounded-md bg-amber-300" />
        </div>
        <p className="mt-6 font-mono text-xl tracking-widest">3141 5926 5358</p>
        <p className="mt-1 text-xs text-brand-100">Card holder: not registered · Balance ₹ 0.00</p>
        <div className="mt-4 rounded-lg bg-white/10 p-3">
          <p className="text-xs font-semibold tracking-wide text-brand-100 uppercase">Last 4 journeys (exit)</p>
          <ol className="mt-2 space-y-1 text-sm">
            {JOURNEYS.map((journey) => (
              <li key={journey.station} className="flex justify-between gap-4">
                <span>{journey.station}</span>
                <span className="font-mono text-brand-100">{journey.time}</span>
              </li>
            ))}
          </ol>
        </div>
      </div>
      <figcaption id="metro-card-caption" className="mt-2 text-center text-sm text-slate-500">
        The card found under the vault door.
      </figcaption>
    </figure>
  );
}
