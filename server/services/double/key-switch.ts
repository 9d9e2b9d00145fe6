import type { AppContext } from '../../context';
import { readSetting, writeSetting } from '../../store/settings';
import type { Directives } from './directives';

/** The per-key half of the switch: directives kept for an API key's identity, through restarts. */
const keyOf = (owner: string) => `double:key:${owner}`;

export function readKeyDirectives(ctx: AppContext, owner: string): Directives {
  const text = readSetting(ctx.db, keyOf(owner));
  return text ? (JSON.parse(text) as Directives) : {};
}

export function writeKeyDirectives(ctx: AppContext, owner: string, d: Directives): void {
  writeSetting(ctx.db, keyOf(owner), JSON.stringify(d));
}

/**
 * Counts one fault served from the key's setting: with `times`, the fault clears itself after that
 * many, so a test can ask for "one 429, then the real answer". One transaction: two requests at
 * once never both take the last one.
 */
export function consumeKeyFault(ctx: AppContext, owner: string): boolean {
  return ctx.db.transaction(() => {
    const d = readKeyDirectives(ctx, owner);
    if (!d.fault) return false;
    if (d.times !== undefined) {
      if (d.times <= 1) {
        const {
          fault: _f,
          times: _t,
          retryAfter: _r,
          retryAfterForm: _rf,
          status: _s,
          path: _p,
          method: _m,
          ...rest
        } = d;
        writeKeyDirectives(ctx, owner, rest);
      } else {
        writeKeyDirectives(ctx, owner, { ...d, times: d.times - 1 });
      }
    }
    return true;
  })();
}
