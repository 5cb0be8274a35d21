// Types of server/production-build.js (plain JavaScript: server.js loads it, decision 020).
import type { SpawnSyncOptions, SpawnSyncReturns } from "node:child_process";

export const SERVER_BUNDLE: string;
export const BUILD_MODE_FILE: string;
export function notProductionBuild(bundle?: string): string | null;
export function buildInfo(bundle?: string): { version: string; commit: string };
export function buildForProduction(options?: SpawnSyncOptions): SpawnSyncReturns<string | Buffer>;
export function requireProductionBuild(): void;
