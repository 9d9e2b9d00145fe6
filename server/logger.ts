/** One JSON line per event on stdout. Callers never pass secrets; `redact` guards headers anyway. */
export interface Logger {
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

const SECRET_KEYS = /authorization|api[-_]?key|secret|token|password|cookie/i;

export function redact(fields: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!fields) return fields;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(fields)) out[k] = SECRET_KEYS.test(k) ? '[redacted]' : v;
  return out;
}

export function createLogger(opts: { silent?: boolean } = {}): Logger {
  const write = (level: string, msg: string, fields?: Record<string, unknown>) => {
    if (opts.silent) return;
    const line = JSON.stringify({ t: new Date().toISOString(), level, msg, ...redact(fields) });
    (level === 'error' ? process.stderr : process.stdout).write(`${line}\n`);
  };
  return {
    info: (m, f) => write('info', m, f),
    warn: (m, f) => write('warn', m, f),
    error: (m, f) => write('error', m, f),
  };
}
