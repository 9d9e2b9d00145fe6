import type { CreateTask } from '@contract/task-create';

/** The judged body of one kind of POST /v1/tasks. */
export type BodyOf<K extends CreateTask['kind']> = Extract<CreateTask, { kind: K }>['body'];

/** The fields of a new row every kind shares. */
export interface Prepared {
  kind: 'digital_human_video' | 'digital_human_audio' | 'music' | 'image' | 'resource';
  model: string;
  body: unknown;
  params: unknown;
  tokens: number;
  callbackUrl: string | undefined;
  runMs: number;
}
