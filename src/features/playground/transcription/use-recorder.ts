import { useEffect, useRef, useState } from 'react';

export type RecorderState = 'idle' | 'recording' | 'unsupported';

/**
 * Microphone recording with MediaRecorder. The track is stopped as soon as recording ends, so the
 * browser's "microphone in use" indicator goes away.
 */
export function useRecorder(onRecorded: (file: File) => void) {
  const supported = typeof window !== 'undefined' && 'MediaRecorder' in window && !!navigator.mediaDevices;
  const [state, setState] = useState<RecorderState>(supported ? 'idle' : 'unsupported');
  const [error, setError] = useState<unknown>();
  const recorder = useRef<MediaRecorder>(null);
  const callback = useRef(onRecorded);
  useEffect(() => {
    callback.current = onRecorded;
  });
  useEffect(() => () => recorder.current?.stream.getTracks().forEach((t) => t.stop()), []);

  const start = async () => {
    setError(undefined);
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      const rec = new MediaRecorder(stream);
      const chunks: Blob[] = [];
      rec.ondataavailable = (e) => e.data.size > 0 && chunks.push(e.data);
      rec.onstop = () => {
        stream.getTracks().forEach((t) => t.stop());
        const type = rec.mimeType || 'audio/webm';
        const ext = type.includes('ogg') ? 'ogg' : type.includes('mp4') ? 'm4a' : 'webm';
        callback.current(new File(chunks, `recording.${ext}`, { type }));
        setState('idle');
      };
      recorder.current = rec;
      rec.start();
      setState('recording');
    } catch (e) {
      setError(e);
      setState('idle');
    }
  };
  const stop = () => recorder.current?.state === 'recording' && recorder.current.stop();
  return { state, error, start, stop };
}
