// The spec's three-step flow, shown on / and /about (id how-it-works, linked from both).
const STEPS = [
  ["Attach the QR sticker", "Stick it on your metro card, laptop, keys, bag or helmet and register it in about 2 minutes."],
  ["Someone finds it", "They scan the code with any phone camera, or type the number on Tagback. No app, no account."],
  ["Instant connection", "They see your public profile and reach you the way you chose: message, SMS, call, Telegram or WhatsApp."],
] as const;

export function HowItWorks() {
  return (
    <section id="how-it-works" aria-labelledby="how-title" className="bg-slate-50">
      <div className="mx-auto max-w-6xl px-4 py-12">
        <h2 id="how-title" className="text-2xl font-bold">How it works</h2>
        <ol className="mt-6 grid gap-4 sm:grid-cols-3">
          {STEPS.map(([title, text], index) => (
            <li key={title} className="rounded-xl bg-white p-5 shadow-sm">
              <p className="text-sm font-bold text-brand-600">Step {index + 1}</p>
              <h3 className="mt-1 font-semibold">{title}</h3>
              <p className="mt-1 text-sm text-slate-600">{text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
