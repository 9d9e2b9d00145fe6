import type Database from 'better-sqlite3';
import type { ServerConfig } from './config';
import type { Logger } from './logger';
import type { GuardHooks } from './services/outbound/url-guard';

/** A background worker the server starts after migrations and stops on shutdown. */
export interface Worker {
  name: string;
  start(): void;
  /** Resolves once in-flight work has been put back in a resumable state. */
  stop(): Promise<void>;
}

/** Everything routes and services share; built once by main.ts, or per test. */
export interface AppContext {
  config: ServerConfig;
  db: Database.Database;
  log: Logger;
  workers: Worker[];
  /** Milliseconds to wait for a simulated duration, divided by EMULATOR_SPEED. */
  scaled(ms: number): number;
  /** How outbound URLs are resolved and judged: the system's DNS and private ranges unless injected. */
  urlGuard: GuardHooks;
}

/** Hono variables set by the request middleware. */
export type AppEnv = {
  Variables: {
    requestId: string;
    traceId: string;
    /**
     * Stable, non-secret identity of the caller's API key (a hash prefix): what rows are scoped by.
     * The key itself is never stored or logged.
     */
    owner: string;
    /**
     * scheme://host[:port] clients reach this server at, from validated values only (PUBLIC_BASE_URL,
     * a trusted proxy's X-Forwarded-*, or an allowed Host): set by middleware/host-guard.ts.
     */
    origin: string;
    /**
     * Set by static.ts when a file of the built dashboard (not the HTML document) answers: such a
     * response carries no document-only headers and no request ids (see security-headers.ts).
     */
    staticFile?: true;
  };
};
