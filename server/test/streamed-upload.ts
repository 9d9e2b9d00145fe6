/**
 * A multipart/form-data body of `bytes` generated on the fly (one reused 1 MiB buffer), so that a
 * test or bench can push hundreds of megabytes without the sender holding them: whatever memory
 * grows is the server's.
 */
export function streamedUpload(bytes: number, name = 'big-upload.bin') {
  const boundary = `----proxy-upload-${Math.random().toString(36).slice(2)}`;
  const enc = new TextEncoder();
  const fields = { type: 'file', purpose: 'reference_file' };
  const head = enc.encode(
    Object.entries(fields)
      .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join('') +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = enc.encode(`\r\n--${boundary}--\r\n`);
  const block = new Uint8Array(1024 * 1024).fill(0x61);
  let sent = 0;
  let stage: 'head' | 'file' | 'tail' | 'done' = 'head';
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (stage === 'head') {
        controller.enqueue(head);
        stage = 'file';
      } else if (stage === 'file') {
        const n = Math.min(block.length, bytes - sent);
        // A fresh view each time: the consumer may still hold the previous chunk.
        controller.enqueue(block.slice(0, n));
        sent += n;
        if (sent >= bytes) stage = 'tail';
      } else if (stage === 'tail') {
        controller.enqueue(tail);
        stage = 'done';
      } else {
        controller.close();
      }
    },
  });
  return {
    body,
    contentType: `multipart/form-data; boundary=${boundary}`,
    length: head.length + bytes + tail.length,
  };
}
