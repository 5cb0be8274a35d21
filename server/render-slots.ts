// How many anonymous page requests React Router works on at once (decision 031; server/app.ts
// decides which requests wait: signed-in visitors, form posts and the health check never do). Rendering is work on the one
// event loop: 64 pages rendered at once take no less CPU than 64 one after another, but each holds
// its memory (React's buffers, the HTML, its compression) the whole time, and every step of every
// other request — a finder's scan among them — waits behind a step of each. So a few at a time,
// the others wait their turn in line, and a finder's search goes before other pages: the junk a
// visitor sends waits behind finders, not the other way round. Kept pages and refused searches are
// answered in front of this (server/app.ts) and never wait.
import { gauge } from "~/core/metrics.server";

/** Renders at once. More does not render faster on one thread; fewer lets a slow loader (the content service) hold the line. */
export const RENDER_SLOTS = 4;

export class RenderSlots {
  #free: number;
  readonly #first: Array<() => void> = [];
  readonly #rest: Array<() => void> = [];

  constructor(slots = RENDER_SLOTS) {
    this.#free = slots;
  }

  /** Resolves when a slot is this caller's; `first` (a finder's search) goes before the others in line. */
  take(first: boolean): Promise<void> {
    if (this.#free > 0) {
      this.#free--;
      return Promise.resolve();
    }
    return new Promise((resolve) => (first ? this.#first : this.#rest).push(resolve));
  }

  /**
   * Gives the slot to the next in line, or back. Handed over in the event loop's check phase, after
   * its poll: requests that arrived meanwhile (a finder's scan) are read and answered first, never
   * behind a chain of renders each starting the next.
   */
  release() {
    const next = this.#first.shift() ?? this.#rest.shift();
    if (next) setImmediate(next);
    else this.#free++;
  }

  get waiting() {
    return this.#first.length + this.#rest.length;
  }
}

export const renderSlots = new RenderSlots();

gauge({ name: "tagback_renders_waiting", help: "Requests waiting for a render slot (server/render-slots.ts)", collect() { this.set(renderSlots.waiting); } });
