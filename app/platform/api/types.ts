import type { IncomingHttpHeaders } from "node:http";

/** A request to the JSON API, already read by the server (body capped at MAX_BODY_BYTES). */
export interface ApiRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The client address (after TRUST_PROXY); only ever stored hashed. */
  ip: string;
}

export interface ApiResponse {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
}

export type ApiHandler = (req: ApiRequest) => ApiResponse | Promise<ApiResponse>;

/** Largest request body the API reads; a larger one is answered 413. */
export const MAX_BODY_BYTES = 16 * 1024;

/** Seconds a client is asked to wait after a 503 because the database was locked. */
export const RETRY_AFTER_BUSY_SECONDS = 5;

export const json = (status: number, body: unknown, headers?: Record<string, string>): ApiResponse => ({ status, body, headers });
