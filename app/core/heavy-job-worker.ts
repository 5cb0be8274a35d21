// How a heavy-job worker module (features/stickers/mint.worker.ts, sheet.worker.ts) answers the pool
// that started it (core/worker-pool.server.ts), as a thread or as a child process alike:
// `{ id, task }` in, `{ id, result }` or `{ id, error }` out — over the thread's port, or over IPC in
// a child process (HEAVY_JOB_CHILD set; bytes as they are, structured clone). Only in a thread or
// process the pool started, which it marks: a test that imports the module (whatever runs the test)
// is neither, and nothing listens.
// Imported by the workers, which plain Node loads from the source tree: no imports but Node's own.
import { parentPort, workerData, type Transferable } from "node:worker_threads";

/** Set in a heavy-job child process's environment (core/worker-pool.server.ts). */
export const HEAVY_JOB_CHILD = "HEAVY_JOB_CHILD";

/** True in a heavy-job child process. */
export const inHeavyJobChild = process.env[HEAVY_JOB_CHILD] === "1";

/** A heavy-job thread's `workerData` (core/worker-pool.server.ts). */
export const HEAVY_JOB_THREAD = "tagback-heavy-job";

type Message = { id: number; task: unknown };
type Answer = { id: number; result?: unknown; error?: string };

export function answerTasks<Task>(work: (task: Task) => Promise<unknown>): void {
  // Reading a message that is not one throws here, outside any task's promise: an uncaught
  // exception, as a bug in the worker would be.
  const answer = (message: Message, reply: (answer: Answer) => void) =>
    work(message.task as Task).then(
      (result) => reply({ id: message.id, result }),
      (error: unknown) => reply({ id: message.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
    );
  const port = parentPort;
  if (port && workerData === HEAVY_JOB_THREAD) {
    port.on("message", (message: Message) =>
      answer(message, (reply) => {
        // Bytes are moved to the pool's thread, not copied; a Buffer may share a pool's memory, so a copy of its own first.
        const bytes = reply.result instanceof Uint8Array ? new Uint8Array(reply.result) : undefined;
        port.postMessage(bytes ? { ...reply, result: bytes } : reply, bytes ? [bytes.buffer as Transferable] : []);
      }),
    );
  } else if (inHeavyJobChild && process.send) {
    process.on("message", (message: Message) => answer(message, (reply) => process.send!(reply)));
    // The parent gone, nothing more will come.
    process.once("disconnect", () => process.exit(0));
  }
}
