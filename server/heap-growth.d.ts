// Types of server/heap-growth.js (plain JavaScript: server.js loads it as it is).
export const HEAP_GROWING_PERCENT: number;
export function growHeapBeforeCollecting(): void;
