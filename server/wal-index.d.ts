// Types of server/wal-index.js (plain JavaScript: the checkpointer thread loads it as it is).
export function walIndex(fd: number): { frames: number; copied: number } | null;
