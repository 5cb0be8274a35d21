// The body a rendered document is piped into (entry.server.tsx). React writes a page in 4 KB
// pieces, and each piece became a write and a sync flush of the response's gzip stream (the
// adapter flushes after every chunk so that streamed parts go out at once): 10–20 trips to
// zlib's thread for one page, ~1 ms of CPU where compressing the page in one piece is 0.3 ms.
// Here what React writes in one turn of the event loop leaves as one chunk: a page rendered at
// once is one write, and a part that streams in later still goes out as soon as it is written.
import { Transform } from "node:stream";

export function coalescedBody(): Transform {
  let pending: Buffer[] = [];
  let scheduled = false;
  const body = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      pending.push(chunk);
      if (!scheduled) {
        scheduled = true;
        setImmediate(release);
      }
      callback();
    },
    flush(callback) {
      release();
      callback();
    },
  });
  function release() {
    scheduled = false;
    if (pending.length === 0) return;
    const chunk = pending.length === 1 ? pending[0]! : Buffer.concat(pending);
    pending = [];
    body.push(chunk);
  }
  return body;
}
