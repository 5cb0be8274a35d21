// The hero slideshow of the 8 sticker pictures (spec 000 §2). Without JavaScript it is a row that
// scrolls sideways with snap points. With JavaScript the same row plays by itself, can be paused,
// and when paused shows previous/next arrows and dots; a swipe longer than SWIPE_THRESHOLD_PX
// changes the slide. Under prefers-reduced-motion it starts paused and never moves by itself.
// The row keeps its layout in both cases (only `touch-action` changes), so hydrating shifts nothing.
import { useEffect, useRef, useState } from "react";
import { Icon } from "~/components/ui/icon";
import { useHydrated } from "~/core/hooks/use-hydrated";
import { SLIDE_SIZE, SLIDES } from "./copy";
import { SLIDE_INTERVAL_MS, SWIPE_THRESHOLD_PX } from "./rules";

/** A smooth scroll we start is done within this long; a scroll end after it is the visitor's own. */
const SCROLL_SETTLE_MS = 1000;

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";
const ROUND_BUTTON = "flex h-10 w-10 items-center justify-center rounded-full border border-slate-300 bg-white text-slate-700 hover:bg-slate-50";

function useReducedMotion() {
  const [reduced, setReduced] = useState(false);
  useEffect(() => {
    const query = window.matchMedia(REDUCED_MOTION);
    setReduced(query.matches);
    const onChange = () => setReduced(query.matches);
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, []);
  return reduced;
}

export function Slideshow() {
  const hydrated = useHydrated();
  const reducedMotion = useReducedMotion();
  const [active, setActive] = useState(0);
  // null until the visitor presses Play or Pause: until then it plays unless motion is reduced.
  const [userPlays, setUserPlays] = useState<boolean | null>(null);
  const rowRef = useRef<HTMLDivElement>(null);
  const swipeStart = useRef<number | null>(null);
  /** Where the last scroll we started is heading, and when it started (see onScrollEnd). */
  const heading = useRef<{ index: number; at: number } | null>(null);
  const paused = !(userPlays ?? !reducedMotion);
  const count = SLIDES.length;

  function show(index: number) {
    const next = (index + count) % count;
    setActive(next);
    heading.current = { index: next, at: performance.now() };
    const row = rowRef.current;
    const slide = row?.children[next] as HTMLElement | undefined;
    if (row && slide) {
      row.scrollTo({ left: slide.offsetLeft - row.offsetLeft - (row.clientWidth - slide.clientWidth) / 2, behavior: reducedMotion ? "instant" : "smooth" });
    }
  }

  useEffect(() => {
    if (!hydrated || paused) return;
    const timer = setInterval(() => show(active + 1), SLIDE_INTERVAL_MS);
    return () => clearInterval(timer);
  });

  // Trackpads and keyboards still scroll the row; the active dot follows.
  function onScrollEnd() {
    const row = rowRef.current;
    if (!row) return;
    const first = row.children[0] as HTMLElement;
    const step = first.clientWidth + parseFloat(getComputedStyle(row).columnGap || "0");
    const index = Math.round(row.scrollLeft / step);
    // The end of an earlier scroll can arrive just after a new one began (a swipe right after an
    // arrow): it is not where the row is going, so it must not move the dot back.
    const pending = heading.current;
    if (pending && index !== pending.index && performance.now() - pending.at < SCROLL_SETTLE_MS) return;
    heading.current = null;
    if (index >= 0 && index < count && index !== active) setActive(index);
  }

  return (
    <section lang="en" aria-roledescription="carousel" aria-label="Tagback stickers on everyday things" data-active-slide={active} className="relative min-w-0">
      {/* Focusable, so the row scrolls with the arrow keys too. */}
      <div
        ref={rowRef}
        role="group"
        aria-label="Sticker pictures"
        tabIndex={0}
        onScrollEnd={onScrollEnd}
        onPointerDown={(event) => {
          swipeStart.current = event.clientX;
        }}
        onPointerUp={(event) => {
          if (swipeStart.current === null) return;
          const distance = event.clientX - swipeStart.current;
          swipeStart.current = null;
          if (Math.abs(distance) > SWIPE_THRESHOLD_PX) show(distance < 0 ? active + 1 : active - 1);
        }}
        onPointerCancel={() => {
          swipeStart.current = null;
        }}
        aria-live={paused ? "polite" : "off"}
        className={`flex snap-x snap-mandatory gap-3 overflow-x-auto rounded-3xl [scrollbar-width:none] ${hydrated ? "touch-pan-y" : ""}`}
      >
        {SLIDES.map((slide, index) => (
          <div
            key={slide.src}
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${count}: ${slide.caption}`}
            aria-hidden={hydrated && index !== active ? true : undefined}
            className="w-[88%] shrink-0 snap-center"
          >
            <figure className="overflow-hidden rounded-3xl border border-slate-200 bg-white shadow-sm">
              <img
                src={slide.src}
                alt={slide.alt}
                width={SLIDE_SIZE.width}
                height={SLIDE_SIZE.height}
                // The first picture is in the hero; the others wait until they are scrolled to.
                loading={index === 0 ? "eager" : "lazy"}
                fetchPriority={index === 0 ? "high" : undefined}
                decoding="async"
                draggable={false}
                className="block h-auto w-full select-none"
              />
              <figcaption className="px-4 py-2 text-sm font-semibold text-slate-700">{slide.caption}</figcaption>
            </figure>
          </div>
        ))}
      </div>

      {/* Same height with and without JavaScript, so the controls appearing shift nothing. */}
      <div className="mt-3 flex h-18 flex-col items-center gap-1">
        {hydrated ? (
          <>
            <div className="flex items-center gap-2">
              {paused ? (
                <button type="button" onClick={() => show(active - 1)} aria-label="Previous slide" className={ROUND_BUTTON}>
                  <Icon name="chevron-left" />
                </button>
              ) : null}
              <button
                type="button"
                onClick={() => setUserPlays(paused)}
                aria-label={paused ? "Play slideshow" : "Pause slideshow"}
                className="flex h-10 w-10 items-center justify-center rounded-full bg-slate-900 text-white hover:bg-slate-700"
              >
                <Icon path={paused ? "M8 5v14l11-7z" : "M8 5v14M16 5v14"} />
              </button>
              {paused ? (
                <button type="button" onClick={() => show(active + 1)} aria-label="Next slide" className={ROUND_BUTTON}>
                  <Icon name="chevron-right" />
                </button>
              ) : null}
            </div>
            {paused ? (
              <ul aria-label="Choose a slide" className="flex justify-center">
                {SLIDES.map((slide, index) => (
                  <li key={slide.src}>
                    <button
                      type="button"
                      onClick={() => show(index)}
                      aria-label={`Slide ${index + 1}: ${slide.caption}`}
                      aria-current={index === active ? true : undefined}
                      className="flex h-6 w-6 items-center justify-center"
                    >
                      <span className={`block h-2.5 rounded-full ${index === active ? "w-5 bg-brand-600" : "w-2.5 bg-slate-300"}`} />
                    </button>
                  </li>
                ))}
              </ul>
            ) : null}
          </>
        ) : (
          <p className="pt-2 text-sm text-slate-600">Swipe to see all {count} stickers</p>
        )}
      </div>
    </section>
  );
}
