// Types of server/json-console.js (plain JavaScript: server.js loads it, decision 020).
export const LOG_VALUE_MAX_CHARS: number;
export const LOG_MESSAGE_MAX_CHARS: number;
export const LOG_STACK_MAX_CHARS: number;
export function cut(text: string, max: number): string;
export function jsonLine(level: "info" | "warn" | "error", args: unknown[], bounds?: { messageMaxChars?: number }): string;
export function installJsonConsole(): void;
