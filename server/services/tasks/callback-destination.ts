import { callbackUrlProblem } from '@contract/callback-url';
import type { AppContext } from '../../context';
import { badRequest } from '../../errors';
import { assertUrlFormAllowed } from '../outbound/url-guard';
import { claimCallbackInbox } from '../webhooks/inbox';
import type { CreatingRequest } from './creating-request';

/**
 * Where a new task's webhook will go, checked at creation (issue 35): a destination the URL guard
 * refuses by its form is a 400 `url_not_allowed` now rather than a failed delivery later, and an
 * inbox of this server it names becomes the creating key's (decision 282).
 */
export function checkCallbackDestination(ctx: AppContext, req: CreatingRequest, url: string): void {
  assertUrlFormAllowed(ctx.config, url, 'callback_url', ctx.urlGuard);
  claimCallbackInbox(ctx, req.owner, req.origin, url);
}

/** A new task's callback_url, if any: the credential check of its form, then its destination. */
export function checkCallbackUrl(ctx: AppContext, req: CreatingRequest, url: string | undefined): void {
  if (!url) return;
  const problem = callbackUrlProblem(url, ctx.config.apiKeys);
  if (problem) throw badRequest(problem, 'callback_url', 'invalid_callback_url');
  checkCallbackDestination(ctx, req, url);
}
