/**
 * Whether an MP4-family file (MP4, MOV, M4A) has an audio track, read in the browser before it is
 * sent: a video with no sound is refused at once, not after an upload and a failed request.
 * `undefined` when the file is not of that family or its layout could not be read: the server
 * decides then.
 */
const MP4_TYPES = /^(video|audio)\/(mp4|quicktime|x-m4a|m4a|3gpp)$/;
const MP4_NAMES = /\.(mp4|m4a|m4v|mov|3gp)$/i;
/** A moov larger than this is not read (its size is bounded by the file's, but memory is not free). */
const MAX_MOOV_BYTES = 32 * 1024 * 1024;
/** Top-level boxes walked before giving up (a valid file has a handful). */
const MAX_BOXES = 64;

const ascii = (bytes: Uint8Array, at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));

/** Only the bytes asked for: slicing a File reads nothing else. */
function read(file: Blob, start: number, end: number): Promise<Uint8Array> {
  const part = file.slice(start, end);
  if (typeof part.arrayBuffer === 'function') return part.arrayBuffer().then((b) => new Uint8Array(b));
  // FileReader where Blob.arrayBuffer is missing (older Safari, jsdom).
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsArrayBuffer(part);
  });
}

export function isMp4Family(file: File): boolean {
  return MP4_TYPES.test(file.type) || MP4_NAMES.test(file.name);
}

/** Looks through the moov box for a track handler of type `soun`. */
function moovHasSound(moov: Uint8Array): boolean {
  for (let i = 0; i + 16 <= moov.length; i++) {
    // 'hdlr' box type, then version/flags (4) and pre_defined (4), then the handler type.
    if (moov[i] === 0x68 && ascii(moov, i) === 'hdlr' && ascii(moov, i + 12) === 'soun') return true;
  }
  return false;
}

export async function hasAudioTrack(file: File): Promise<boolean | undefined> {
  if (!isMp4Family(file)) return undefined;
  try {
    return await findSound(file);
  } catch {
    return undefined;
  }
}

async function findSound(file: File): Promise<boolean | undefined> {
  let offset = 0;
  for (let n = 0; n < MAX_BOXES && offset + 8 <= file.size; n++) {
    const head = await read(file, offset, offset + 16);
    const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
    let size = view.getUint32(0);
    const type = ascii(head, 4);
    let headerSize = 8;
    if (size === 1) {
      if (head.length < 16) return undefined;
      size = Number(view.getBigUint64(8));
      headerSize = 16;
    } else if (size === 0) size = file.size - offset;
    if (size < headerSize) return undefined;
    if (type === 'moov') {
      if (size > MAX_MOOV_BYTES) return undefined;
      return moovHasSound(await read(file, offset + headerSize, offset + size));
    }
    offset += size;
  }
  return undefined;
}
