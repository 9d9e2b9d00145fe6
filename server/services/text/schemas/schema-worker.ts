import { parentPort, workerData } from 'node:worker_threads';
import { warmSchemaChecker } from './json-schema';
import { runSchemaTasks, type SchemaTask } from './schema-tasks';

/*
 * The schema worker's thread (schema-pool.ts starts it): runs one request's schema tasks at a time.
 * The task it is on is written to shared memory before it starts, so that the pool can still read
 * it when this thread is stuck in a caller's regular expression and has to be stopped.
 */

const { progress } = workerData as { progress: SharedArrayBuffer };
const current = new Int32Array(progress);

warmSchemaChecker();
parentPort!.on('message', ({ id, tasks }: { id: number; tasks: SchemaTask[] }) => {
  parentPort!.postMessage({
    id,
    outcome: runSchemaTasks(tasks, (index) => Atomics.store(current, 0, index)),
  });
});
parentPort!.postMessage({ ready: true });
