import type SQLite from "better-sqlite3";
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  SelectQueryNode,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from "kysely";

/**
 * SQLite for a server that must not freeze while another process holds the write lock.
 *
 * better-sqlite3 is synchronous: with a busy timeout, a statement that meets a lock held
 * by another process (the desk's command-line tool, a backup, a migration) sleeps on the
 * event loop, and every request of the process waits with it, even pages served from
 * memory. So the busy timeout is zero and a statement that meets the lock is retried
 * asynchronously, with backoff, until its deadline; then it fails with DatabaseBusyError
 * and nothing of it was written.
 *
 * Two connections to the one file: reads (SELECT outside a transaction) go to a read
 * connection and never wait for the writer, which WAL allows; everything else (writes,
 * transactions, raw statements) takes the write connection in turn. A transaction starts
 * with BEGIN IMMEDIATE, so it holds the write lock from its first statement and can
 * never fail half-way because another process wrote in between.
 */

/** How long a write waits for a lock held by another process before it gives up. */
export const DEFAULT_BUSY_DEADLINE_MS = 5_000;

/** The database stayed locked by another process until the deadline; nothing was written. */
export class DatabaseBusyError extends Error {
  readonly code = "DATABASE_BUSY";
  constructor(readonly waitedMs: number) {
    super(`The database was locked by another process for ${waitedMs} ms.`);
    this.name = "DatabaseBusyError";
  }
}

export function isDatabaseBusy(error: unknown): error is DatabaseBusyError {
  return error instanceof DatabaseBusyError || (error as { code?: string } | null)?.code === "DATABASE_BUSY";
}

function isSqliteBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && (code === "SQLITE_BUSY" || code.startsWith("SQLITE_BUSY_"));
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs `step` until it does not meet a lock; backs off 1, 2, 4 … 25 ms between tries. */
async function retryWhileBusy<T>(step: () => T, deadline: number, started: number): Promise<T> {
  let delay = 1;
  for (;;) {
    try {
      return step();
    } catch (error) {
      if (!isSqliteBusy(error)) throw error;
      const now = Date.now();
      if (now >= deadline) throw new DatabaseBusyError(now - started);
      await sleep(Math.min(delay, deadline - now));
      delay = Math.min(delay * 2, 25);
    }
  }
}

/** A first-come, first-served lock whose waiters give up at their deadline. */
class Mutex {
  #held = false;
  #waiters: { grant: () => void }[] = [];

  lock(deadline: number, started: number): Promise<void> {
    if (!this.#held) {
      this.#held = true;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const waiter = {
        grant: () => {
          clearTimeout(timer);
          resolve();
        },
      };
      const timer = setTimeout(
        () => {
          this.#waiters = this.#waiters.filter((w) => w !== waiter);
          reject(new DatabaseBusyError(Date.now() - started));
        },
        Math.max(0, deadline - Date.now()),
      );
      this.#waiters.push(waiter);
    });
  }

  unlock() {
    const next = this.#waiters.shift();
    if (next) next.grant();
    else this.#held = false;
  }
}

/**
 * Prepared statements by SQL text, per connection. Preparing is a good part of a small
 * statement's cost and the same few statements (a lead insert, its outbox rows, a claim)
 * run thousands of times a second under load. Bounded: a query whose text varies (an
 * IN list of any length) cannot grow it without end; when full it starts again.
 */
const statements = new WeakMap<SQLite.Database, Map<string, SQLite.Statement>>();
/** Statements that give rows as arrays (`readArrays`): a statement's mode is its own, so they are kept apart. */
const rawStatements = new WeakMap<SQLite.Database, Map<string, SQLite.Statement>>();
const MAX_STATEMENTS = 500;

function prepared(db: SQLite.Database, sql: string, raw = false): SQLite.Statement {
  const caches = raw ? rawStatements : statements;
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  let stmt = cache.get(sql);
  if (!stmt) {
    stmt = raw ? db.prepare(sql).raw(true) : db.prepare(sql);
    if (cache.size >= MAX_STATEMENTS) cache.clear();
    cache.set(sql, stmt);
  }
  return stmt;
}

function execute(db: SQLite.Database, { sql, parameters }: CompiledQuery): QueryResult<unknown> {
  const stmt = prepared(db, sql);
  if (stmt.reader) return { rows: stmt.all(parameters as unknown[]) };
  const { changes, lastInsertRowid } = stmt.run(parameters as unknown[]);
  return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
}

/**
 * A SELECT's rows as arrays of column values, in the order the query selects them, from
 * the read connection (so never inside anyone's transaction). For reads of very
 * many rows (the CSV export): better-sqlite3 builds an array per row much faster than an
 * object with a property per column, and the rows make less garbage.
 */
export function readArrays(reader: SQLite.Database, { sql, parameters }: CompiledQuery, busyDeadlineMs: number): Promise<unknown[][]> {
  const stmt = prepared(reader, sql, true);
  const started = Date.now();
  return retryWhileBusy(() => stmt.all(parameters as unknown[]) as unknown[][], started + busyDeadlineMs, started);
}

export interface SqliteConnections {
  writer: SQLite.Database;
  /** Absent for an in-memory database, which one connection alone can see. */
  reader?: SQLite.Database;
  busyDeadlineMs: number;
}

class Connection implements DatabaseConnection {
  /** True while this connection runs a transaction (it then holds the write connection). */
  inTransaction = false;
  constructor(readonly driver: SplitSqliteDriver) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return this.driver.run(this, query) as Promise<QueryResult<R>>;
  }

  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    // Rare (nothing here streams); read the whole result, then hand out its rows.
    const { rows } = await this.driver.run(this, query);
    for (const row of rows) yield { rows: [row as R] };
  }
}

export class SplitSqliteDriver implements Driver {
  readonly #c: SqliteConnections;
  readonly #writeLock = new Mutex();

  constructor(connections: SqliteConnections) {
    this.#c = connections;
  }

  async init() {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new Connection(this);
  }

  /** One statement: a read on the read connection, anything else on the write connection in turn. */
  async run(conn: Connection, query: CompiledQuery): Promise<QueryResult<unknown>> {
    const started = Date.now();
    const deadline = started + this.#c.busyDeadlineMs;
    if (conn.inTransaction) return retryWhileBusy(() => execute(this.#c.writer, query), deadline, started);
    const reader = this.#c.reader;
    if (reader && SelectQueryNode.is(query.query)) return retryWhileBusy(() => execute(reader, query), deadline, started);
    await this.#writeLock.lock(deadline, started);
    try {
      return await retryWhileBusy(() => execute(this.#c.writer, query), deadline, started);
    } finally {
      this.#writeLock.unlock();
    }
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const conn = connection as Connection;
    const started = Date.now();
    const deadline = started + this.#c.busyDeadlineMs;
    await this.#writeLock.lock(deadline, started);
    try {
      await retryWhileBusy(() => this.#c.writer.prepare("BEGIN IMMEDIATE").run(), deadline, started);
    } catch (error) {
      this.#writeLock.unlock();
      throw error;
    }
    conn.inTransaction = true;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const conn = connection as Connection;
    try {
      await conn.executeQuery(CompiledQuery.raw("COMMIT"));
    } finally {
      // A failed COMMIT may leave the transaction open: then the caller's rollback ends it.
      if (!this.#c.writer.inTransaction) this.#end(conn);
    }
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const conn = connection as Connection;
    try {
      if (this.#c.writer.inTransaction) this.#c.writer.prepare("ROLLBACK").run();
    } finally {
      this.#end(conn);
    }
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`SAVEPOINT ${quote(name)}`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`ROLLBACK TO ${quote(name)}`));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`RELEASE ${quote(name)}`));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const conn = connection as Connection;
    // A transaction left open by its caller must not hold the write connection for ever.
    if (conn.inTransaction) await this.rollbackTransaction(conn);
  }

  async destroy(): Promise<void> {
    this.#c.reader?.close();
    this.#c.writer.close();
  }

  #end(conn: Connection) {
    if (!conn.inTransaction) return;
    conn.inTransaction = false;
    this.#writeLock.unlock();
  }
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

export class SplitSqliteDialect implements Dialect {
  constructor(readonly connections: SqliteConnections) {}
  createDriver(): Driver {
    return new SplitSqliteDriver(this.connections);
  }
  createQueryCompiler() {
    return new SqliteQueryCompiler();
  }
  createAdapter() {
    return new SqliteAdapter();
  }
  createIntrospector(db: Kysely<unknown>) {
    return new SqliteIntrospector(db);
  }
}
