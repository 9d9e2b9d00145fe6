import type { CreateVideo } from '@contract/video';
import type { ComposerDraft } from '@/lib/video-draft/draft';
import type { CameraMove } from './camera';
import type { ShotSound, SoundSummary } from './sound-types';

/** The shapes of a storyboard's shots, runs, takes and cuts (storyboard.ts has the rules). */

export type ShotState =
  /** Not part of a run yet. */
  | 'idle'
  /** Part of the run, not started: waits for its turn (or its predecessor). */
  | 'queued'
  /** Taking the predecessor's last frame. */
  | 'framing'
  /** Registering that frame as an image asset for the shot's model. */
  | 'registering'
  /** Re-querying the frame asset until it is ready (specification, asset rule 3). */
  | 'preparing'
  /** The task is being created. */
  | 'submitting'
  /** The task exists; its state is followed. */
  | 'running'
  | 'succeeded'
  | 'failed'
  /** Cannot start: its predecessor failed or has no result. */
  | 'blocked';

export interface ShotRun {
  state: ShotState;
  taskId?: string;
  progress?: number;
  resultUrl?: string;
  /** The frame asset sent as first_frame (kept so a reload re-queries it instead of making another). */
  frameAssetId?: string;
  /**
   * Unix seconds when the frame's upload was sent, until its answer is kept: a reload in between
   * may have cut off an upload that landed, so the storyboard's group is searched for it before
   * the frame is uploaded again (issue 42: a reload during an upload registered the frame twice).
   */
  registeringSince?: number;
  /**
   * The create POST's Idempotency-Key (decision 640), kept before the POST leaves and until its
   * answer is kept: a reload in between sends it again with the same key, so the local server
   * answers with the task it made instead of making a second one. Only where keys travel (the
   * local server); in direct mode the shot fails with `sendCutOff` instead.
   */
  sendKey?: string;
  /**
   * The body sent under `sendKey`, kept with it: a send cut off goes again as it was (the request
   * the person ran), though the shot was edited meanwhile. A key sent again with another body is
   * refused (422), and the task the first send made would be paid for and never followed.
   */
  sentBody?: CreateVideo;
  /** Why it failed or is blocked, in words to show. */
  error?: string;
  /** The deployment refused the frame (sync_error): another image may be used instead. */
  frameRefused?: boolean;
  /** Its predecessor was re-run after it: its first frame no longer matches. */
  stale?: boolean;
  /**
   * The last good take while a new one is made: shown on the page meanwhile and after the new one
   * fails, so a failed later run never takes a good result off the page.
   */
  kept?: Take;
  /** Every good take of this shot, oldest first (at most MAX_TAKES): the person picks which one is used. */
  takes?: Take[];
  /** What the take being made was sent with (becomes its settings when it succeeds). */
  sent?: TakeSettings;
}

/** A finished run of a shot: its task, its result, and what it was made with. */
export interface Take {
  taskId: string;
  resultUrl: string;
  settings?: TakeSettings;
}

/** The settings a take was made with, shown beside it (the draft may have changed since). */
export interface TakeSettings {
  model: string;
  duration?: number;
  resolution?: string;
  ratio?: string;
  seed?: number;
  camera?: CameraMove;
  /** Seconds into the previous take its first frame was taken at; undefined: the last frame. */
  frameAt?: number;
  prompt: string;
  /**
   * A print of the whole request as the shot's draft gave it (its first frame a placeholder, the
   * frame continued from included): a draft whose print differs was edited since (editedSinceTake).
   */
  request?: string;
}

export interface Shot {
  id: string;
  draft: ComposerDraft;
  /** Starts from the last frame of the shot before it (ignored on the first shot). */
  continueFromPrevious: boolean;
  /** Seconds into the previous shot's take to continue from; undefined: its last frame. */
  frameAt?: number;
  camera?: CameraMove;
  sound?: ShotSound;
  run: ShotRun;
  /**
   * Tasks sent before the shot was stopped: they go on on the server and are paid for, so each tab
   * that holds the board follows them quietly, with no run lock, and each joins the shot's takes
   * when it succeeds (stopped-takes.ts, decision 691). Beside the run, not in it: a new run of the
   * shot rebuilds its run.
   */
  stoppedTasks?: StoppedTask[];
}

/** A shot's task sent before a Stop, with what it was sent with (its take's settings). */
export interface StoppedTask {
  taskId: string;
  settings?: TakeSettings;
}

export type Join = 'cut' | 'crossfade';

export interface AssemblyState {
  id: string;
  status: 'running' | 'succeeded' | 'failed';
  progress?: number;
  url?: string;
  duration?: number;
  scaled?: number[];
  error?: string;
  /** The task ids it was made from: a shot re-run since makes it outdated. */
  taskIds: string[];
  assetId?: string;
  /** The WebVTT beside the file, when it has captions. */
  captionsUrl?: string;
  createdAt?: number;
  /** The takes, joins and sound it was made from (assembly.ts recipeOf): a change makes it outdated. */
  recipe?: string;
  /** What sound and captions it was made with. */
  sound?: SoundSummary;
}
