import type { SpeechRequest } from '@contract/text-requests';
import { synthesizeSpeech } from '../../../media/speech';

/*
 * POST /v1/audio/speech renders through here: routes reach media/ only through a service
 * (decision 150, checked by eslint.config.js).
 */

/** The spoken text of a validated request: the audio bytes and the headers that describe them. */
export async function speak(req: SpeechRequest, signal: AbortSignal) {
  const format = req.response_format ?? 'mp3';
  const result = await synthesizeSpeech({
    text: req.input,
    voice: req.voice ?? 'alloy',
    speed: req.speed ?? undefined,
    format,
    hd: req.model === 'tts-1-hd',
    signal,
  });
  return {
    audio: new Uint8Array(result.audio),
    headers: {
      'Content-Type': result.contentType,
      'Content-Length': String(result.audio.length),
      'Content-Disposition': `inline; filename="speech.${format}"`,
      'X-Speech-Language': result.language,
    },
  };
}
