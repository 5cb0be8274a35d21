// A heavy-job worker for core/worker-pool.server.test.ts: it answers with its process id, after
// waiting (when the task names one) for a file to appear, and it does not end on SIGTERM, the signal
// the pool ends an idle child with — it writes a file saying it got it and goes on, so a test holds
// an ended child alive for as long as it needs and ends it itself (SIGKILL).
import fs from "node:fs";
import path from "node:path";
import { answerTasks } from "../../app/core/heavy-job-worker.ts";

type Task = { dir: string; waitFor?: string };

let dir: string | undefined;
process.on("SIGTERM", () => {
  if (dir) fs.writeFileSync(path.join(dir, `sigterm-${process.pid}`), "");
});

answerTasks<Task>(async (task) => {
  dir = task.dir;
  if (task.waitFor) {
    const file = path.join(task.dir, task.waitFor);
    while (!fs.existsSync(file)) await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return process.pid;
});
