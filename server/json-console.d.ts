// Types of server/json-console.js (plain JavaScript: server.js loads it, decision 020).
export function jsonLine(level: "info" | "warn" | "error", args: unknown[]): string;
export function installJsonConsole(): void;
