// Types of server/thread-priority.js (plain JavaScript: server.js loads it, decision 020).
export const LOWEST_NICE: number;
export const V8_HELPER_THREAD: string;
export function threadIds(pid?: number | "self"): Set<number>;
export function lowerThread(id: number, nice?: number): void;
export function lowerV8Helpers(): void;
