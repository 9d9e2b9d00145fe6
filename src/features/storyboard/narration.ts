import type { QueryClient } from '@tanstack/react-query';
import { invalidateAfterAssetCreated, uploadAssetFile } from '@/api/assets';
import { createSpeech } from '@/api/text';
import { i18n } from '@/lib/i18n';
import type { Storyboard } from './storyboard';
import type { ShotSound } from './sound';
import { audioUrlOf, DEFAULT_VOICE } from './sound';
import { frameGroup } from './storyboard-frames';

/** How long the audio in `blob` lasts, as the browser reads it. */
export function audioSeconds(blob: Blob): Promise<number> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(blob);
    const audio = new Audio();
    const done = () => URL.revokeObjectURL(url);
    audio.preload = 'metadata';
    audio.onloadedmetadata = () => {
      done();
      resolve(audio.duration);
    };
    audio.onerror = () => {
      done();
      reject(new Error('The spoken line could not be read back'));
    };
    audio.src = url;
  });
}

/**
 * Speaks a shot's line with the API's speech endpoint (POST /v1/audio/speech, the chosen voice),
 * measures it, and keeps it as an audio asset in the storyboard's group: the assembly reads it
 * from that URL, and the page warns at once when it lasts longer than its shot.
 */
export async function speakLine(
  client: QueryClient,
  board: Storyboard,
  index: number,
  signal?: AbortSignal,
): Promise<NonNullable<ShotSound['speech']>> {
  const shot = board.shots[index]!;
  const text = shot.sound?.narration?.trim() ?? '';
  const voice = shot.sound?.voice ?? DEFAULT_VOICE;
  const { blob } = await createSpeech({ model: 'tts-1', input: text, voice, response_format: 'mp3' }, signal);
  const seconds = await audioSeconds(blob);
  await i18n.loadNamespaces('storyboard');
  const t = i18n.getFixedT('storyboard');
  const name = t('sound.speechAsset', { name: board.name.trim() || t('untitled'), n: index + 1 });
  const groupId = await frameGroup(client, board);
  const asset = await uploadAssetFile(
    new File([blob], 'narration.mp3', { type: blob.type || 'audio/mpeg' }),
    {
      type: 'audio',
      name,
      group_id: groupId,
    },
  );
  await invalidateAfterAssetCreated(client, asset.group_id ?? groupId);
  const url = audioUrlOf(asset);
  if (!url) throw new Error('The spoken line was kept without a URL to read it from');
  return { url, seconds, text, voice };
}
