import { create } from 'zustand';
import { isApiRequestError } from '@/api/api-client';
import { postText, streamEvents } from '@/api/text';
import {
  decodeFinal,
  decodeStreamMessage,
  mergeUsage,
  type StreamUpdate,
  type TextUsage,
} from '@/api/text-events';
import { errorMessage } from '@/lib/notify';
import { parseSchema } from '@/features/playground/chat/agent-request';
import { buildChatRequest } from '@/features/playground/chat/chat-request';
import {
  newId,
  useChatStore,
  type ChatMessage,
  type ReplyStats,
  type ToolCallView,
} from '@/features/playground/chat/chat-store';
import { FrameBuffer } from '@/features/playground/markdown/frame-buffer';

/**
 * The reply being written. Its text lives in a FrameBuffer, outside React and outside the persisted
 * store; the store gets the finished text once, when the stream ends, is stopped or fails.
 */
export interface ActiveRun {
  conversationId: string;
  messageId: string;
  buffer: FrameBuffer;
  controller: AbortController;
}

export const useRunStore = create<{ run: ActiveRun | undefined }>(() => ({ run: undefined }));
export const useActiveRun = () => useRunStore((s) => s.run);

export function stopRun(): void {
  useRunStore.getState().run?.controller.abort(new DOMException('Stopped by the user.', 'AbortError'));
}

/** Tool calls assembled from stream updates, by index: id and name first, arguments in pieces. */
function addToolUpdate(calls: ToolCallView[], u: Extract<StreamUpdate, { type: 'tool_call' }>): void {
  const call = (calls[u.index] ??= { id: '', name: '', arguments: '' });
  if (u.id) call.id = u.id;
  if (u.name) call.name = u.name;
  if (u.args) call.arguments += u.args;
}

/**
 * Sends the conversation as it is now and writes the reply into a new assistant message. Resolves
 * when the reply is finished, stopped or failed; never rejects.
 */
export async function startReply(conversationId: string): Promise<void> {
  const store = useChatStore.getState();
  const conversation = store.conversations.find((c) => c.id === conversationId);
  if (!conversation || useRunStore.getState().run) return;
  const { settings } = conversation;
  const request = buildChatRequest(settings, conversation.messages);
  // The schema as sent with this request: the reply is checked against it, not a later edit.
  const schema =
    settings.jsonOutput && settings.format !== 'messages'
      ? parseSchema(settings.jsonSchema ?? '')
      : undefined;
  const message: ChatMessage = {
    id: newId('msg'),
    role: 'assistant',
    content: '',
    ...(schema?.ok ? { jsonOutput: schema.value ? { schema: schema.value } : {} } : {}),
  };
  store.messageAdded(conversationId, message);

  const buffer = new FrameBuffer();
  const controller = new AbortController();
  useRunStore.setState({ run: { conversationId, messageId: message.id, buffer, controller } });

  const started = performance.now();
  let firstAt: number | undefined;
  let lastAt: number | undefined;
  let deltas = 0;
  let usage: TextUsage | undefined;
  let toolCalls: ToolCallView[] = [];
  const stats: ReplyStats = { format: settings.format, model: settings.model };

  try {
    if (settings.stream) {
      await streamEvents(request.path, request.body, {
        signal: controller.signal,
        onOpen: ({ requestId }) => (stats.requestId = requestId),
        onMessage: (m) => {
          for (const u of decodeStreamMessage(settings.format, m)) {
            if (u.type === 'delta') {
              lastAt = performance.now();
              firstAt ??= lastAt;
              deltas += 1;
              buffer.append(u.text);
            } else if (u.type === 'usage') usage = mergeUsage(usage, u.usage, settings.format);
            else if (u.type === 'finish') stats.finishReason = u.reason;
            else if (u.type === 'id') stats.responseId ??= u.id;
            else if (u.type === 'error') stats.error = u.message;
            else if (u.type === 'tool_call') addToolUpdate(toolCalls, u);
          }
        },
      });
    } else {
      const body = await postText(request.path, request.body, controller.signal);
      firstAt = lastAt = performance.now();
      const answer = decodeFinal(settings.format, body);
      buffer.append(answer.text);
      usage = answer.usage;
      stats.finishReason = answer.finishReason;
      stats.responseId = answer.id;
      toolCalls = answer.toolCalls;
    }
  } catch (error) {
    if (controller.signal.aborted) stats.stopped = true;
    else {
      // Kept as text with the conversation; a request that never got an answer reads as the
      // translated "could not reach the server", not the browser's English "Failed to fetch".
      stats.error = errorMessage(error);
      if (isApiRequestError(error)) stats.requestId ??= error.requestId;
    }
  } finally {
    buffer.flush();
    if (firstAt !== undefined) stats.ttftMs = Math.round(firstAt - started);
    stats.usage = usage;
    const tokens = usage?.outputTokens || deltas;
    if (firstAt !== undefined && lastAt !== undefined && lastAt > firstAt && tokens > 1) {
      stats.tokensPerSecond = Math.round(((tokens - 1) / (lastAt - firstAt)) * 1000 * 10) / 10;
    }
    // Sparse indexes (a text block before the calls in Messages) leave holes: kept out.
    const calls = toolCalls.filter((c) => c && c.id && c.name);
    useChatStore.getState().messageUpdated(conversationId, message.id, {
      content: buffer.value,
      stats,
      ...(calls.length > 0 ? { toolCalls: calls } : {}),
    });
    useRunStore.setState({ run: undefined });
    buffer.dispose();
  }
}
