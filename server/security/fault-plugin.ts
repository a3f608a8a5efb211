import type { TestApp } from '../test/harness.js';
import type { KyselyPlugin, OperationNode, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';

/**
 * A Kysely plugin that fails chosen statements, for the catalogue's failure cases (security.md G2, G8, R3,
 * R5). It fails a statement after the database ran it, as a crash or an I/O error between two steps of
 * a transaction would: what the statement wrote must then be rolled back with the rest.
 */
export interface Fault {
  /** Fail this statement? Called with the statement's kind and table (e.g. 'UpdateQueryNode', 'page'). */
  when(kind: string, table: string | undefined): boolean;
  /** The error thrown (an Error with a `code`, as the drivers throw). */
  error(): Error;
}

export function faultPlugin(fault: Fault): KyselyPlugin {
  const planned = new WeakMap<object, boolean>();
  return {
    transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
      planned.set(args.queryId, fault.when(args.node.kind, tableOf(args.node)));
      return args.node;
    },
    async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      if (planned.get(args.queryId)) throw fault.error();
      return args.result;
    },
  };
}

/** An error as a driver reports it (ENOSPC from the file system, SQLITE_IOERR, …). */
export function driverError(code: string, message: string): Error {
  return Object.assign(new Error(message), { code });
}

function tableOf(node: RootOperationNode): string | undefined {
  const target: OperationNode | undefined = node.kind === 'InsertQueryNode' ? node.into : node.kind === 'UpdateQueryNode' ? node.table : node.kind === 'DeleteQueryNode' ? node.from.froms[0] : undefined;
  return target ? nameOf(target) : undefined;
}

function nameOf(node: OperationNode): string | undefined {
  if (node.kind === 'TableNode') return (node as unknown as { table: { identifier: { name: string } } }).table.identifier.name;
  if (node.kind === 'AliasNode') return nameOf((node as unknown as { node: OperationNode }).node);
  return undefined;
}

/** Runs `work` with the app's database failing the statements `fault` picks; the request path sees it through its context. */
export async function withFault<T>(t: TestApp, fault: Fault, work: () => Promise<T>): Promise<T> {
  const healthy = t.app.services.db;
  t.app.services.db = healthy.withPlugin(faultPlugin(fault));
  try {
    return await work();
  } finally {
    t.app.services.db = healthy;
  }
}
