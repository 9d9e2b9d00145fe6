import { assemblyTaskKind } from '../../storyboard/assembly-kind';
import { digitalHumanAudioTaskKind, digitalHumanVideoTaskKind } from '../digital-human/digital-human-task';
import { imageTaskKind } from '../image/image-task';
import { musicTaskKind } from '../music/music-task';
import { resourceTaskKind } from '../resource/resource-task';
import type { TaskKind } from '../task-kind';
import { videoTaskKind } from '../video/video-task';

/**
 * The kinds the runner can run, by `tasks.kind`. A new kind adds its TaskKind here; the runner,
 * the store and GET /v1/tasks/{id} need no change.
 */
const KINDS = new Map<string, TaskKind>(
  [
    videoTaskKind,
    digitalHumanVideoTaskKind,
    digitalHumanAudioTaskKind,
    musicTaskKind,
    imageTaskKind,
    resourceTaskKind,
    assemblyTaskKind,
  ].map((k) => [k.kind, k]),
);

export function taskKind(kind: string): TaskKind | undefined {
  return KINDS.get(kind);
}
