/**
 * A 1 GiB multipart upload through proxy mode: the upstream and the proxy each run as their own
 * `server/main.ts` process, the sender generates the body on the fly. Prints the proxy's peak RSS
 * (Linux VmHWM) before and after, which is what bench/RESULTS.md records.
 */
import { startServerProcess } from '../server/test/server-process';
import { streamedUpload } from '../server/test/streamed-upload';

const SIZE = Number(process.env.PROXY_UPLOAD_BYTES ?? 1024 ** 3);
const mib = (n: number) => `${Math.round(n / 2 ** 20)} MiB`;

const upstream = await startServerProcess({
  env: { API_KEYS: 'sk-bench-upstream', MAX_UPLOAD_BYTES: String(2 * SIZE) },
});
const proxy = await startServerProcess({
  env: {
    API_KEYS: 'sk-bench-browser',
    UPSTREAM_BASE_URL: upstream.url,
    UPSTREAM_API_KEY: 'sk-bench-upstream',
  },
});
try {
  const upload = streamedUpload(SIZE);
  const before = proxy.peakRss();
  const started = performance.now();
  const res = await fetch(`${proxy.url}/v1/assets/uploads`, {
    method: 'POST',
    headers: { authorization: 'Bearer sk-bench-browser', 'content-type': upload.contentType },
    body: upload.body,
    duplex: 'half',
  } as RequestInit);
  const body = (await res.json()) as { size?: number };
  const seconds = (performance.now() - started) / 1000;
  if (res.status !== 200 || body.size !== SIZE) {
    throw new Error(`upload failed: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
  }
  const peak = proxy.peakRss();
  console.log(`proxy upload of ${mib(SIZE)}: ${seconds.toFixed(1)} s (${mib(SIZE / seconds)}/s)`);
  console.log(`proxy peak RSS: ${mib(before)} before, ${mib(peak)} after (grew ${mib(peak - before)})`);
  console.log(`upstream peak RSS: ${mib(upstream.peakRss())}`);
  if (peak - before > 128 * 2 ** 20) throw new Error('the proxy held the upload in memory');
} finally {
  await proxy.stop();
  await upstream.stop();
}
