import type { AppContext } from '../../context';
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
