/*
 * A conversation as the writer reads it, whichever of the three text formats it came in. Apart from
 * writer.ts so that tool-answer.ts, which the writer calls, reads these types without a circle.
 */

/** One message of a conversation, whatever API format it came in. */
export interface Turn {
  role: 'system' | 'user' | 'assistant' | 'tool';
  text: string;
  /** Images, files or audio parts the message carried (the writer only counts them). */
  attachments: number;
  /** Tool calls an assistant turn made. */
  calls?: ToolCallRecord[];
  /** Tool results a turn carries (a `tool` message, function_call_output, tool_result blocks). */
  results?: ToolResultRecord[];
}

export interface ToolCallRecord {
  id: string;
  name: string;
  arguments: string;
}

export interface ToolResultRecord {
  callId: string;
  /** The request field that carried the id, for a refusal when it matches no call. */
  param: string;
  /** The called tool's name, filled in once the id is matched to its call. */
  name?: string;
  text: string;
}
