// Types of app/core/log-lines.js (plain JavaScript: server.js loads it, decision 020).
export type LogFormat = "json" | "text";
export type LogEntry = Record<string, unknown> & { time: string };
export const LOG_FORMATS: readonly ["json", "text"];
export const LOG_VALUE_MAX_CHARS: number;
export const LOG_MESSAGE_MAX_CHARS: number;
export const LOG_STACK_MAX_CHARS: number;
export function cut(text: string, max: number): string;
export function logFormatOf(setting: string | undefined, stdoutIsTerminal: boolean): LogFormat;
export function currentLogFormat(): LogFormat;
export function logEntry(level: "info" | "warn" | "error", args: unknown[], bounds?: { messageMaxChars?: number }): LogEntry;
export function jsonLine(level: "info" | "warn" | "error", args: unknown[], bounds?: { messageMaxChars?: number }): string;
export function logLine(entry: LogEntry, logFormat?: LogFormat): string;
export function installConsole(logFormat: LogFormat): void;
