import type { AppContext } from '../../../context';
import { countTokens } from '../../text/tokens';
import { checkCallbackUrl } from '../callback-destination';
import type { CreatingRequest } from '../creating-request';
import type { ImageParams } from './image-task';
import type { BodyOf, Prepared } from '../prepared-task';
import { boundedRunMs } from '../runner/timing';

/** POST /v1/tasks, image generation (decision 291): the row's params from the judged body. */
export function image(ctx: AppContext, req: CreatingRequest, body: BodyOf<'image'>): Prepared {
  checkCallbackUrl(ctx, req, body.callback_url);
  const [width, height] = (body.size ?? '1024x1024').split('x').map(Number) as [number, number];
  const params: ImageParams = { prompt: body.prompt, width, height };
  return {
    kind: 'image',
    model: body.model,
    body,
    params,
    tokens: countTokens(body.prompt),
    callbackUrl: body.callback_url,
    runMs: boundedRunMs(8000),
  };
}
