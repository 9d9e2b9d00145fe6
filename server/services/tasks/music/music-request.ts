import type { AppContext } from '../../../context';
import { badRequest } from '../../../errors';
import { countTokens } from '../../text/tokens';
import { checkCallbackUrl } from '../callback-destination';
import type { CreatingRequest } from '../creating-request';
import { keyName, musicLength, musicSeed, planMusic, styleFromPlan, titleFromPrompt } from './music-plan';
import type { MusicParams } from './music-task';
import type { BodyOf, Prepared } from '../prepared-task';
import { boundedRunMs } from '../runner/timing';

/** POST /v1/tasks, music: custom mode's required fields, the plan, and the row's params. */
export function music(ctx: AppContext, req: CreatingRequest, body: BodyOf<'music'>): Prepared {
  checkCallbackUrl(ctx, req, body.callback_url);
  const prompt = body.prompt.trim();
  const style = body.style.trim();
  const title = body.title.trim();
  if (body.customMode) {
    // Custom mode (as on the hosted music services): the title and style are used as given, the prompt is the lyrics.
    if (!style)
      throw badRequest(
        'style is required when customMode is true: the genre and mood of the track, e.g. "calm piano".',
        'style',
      );
    if (!title)
      throw badRequest('title is required when customMode is true: the title of the track.', 'title');
  } else if (!prompt) {
    throw badRequest(
      'prompt is required when customMode is false: describe the music (mood, genre, instruments, length). Or set customMode to true and give style and title.',
      'prompt',
    );
  }
  const seed = musicSeed(style, prompt);
  const plan = planMusic(style, prompt, seed);
  const duration = musicLength({ prompt, style, title, customMode: body.customMode }, plan);
  const params: MusicParams = {
    prompt: body.prompt,
    customMode: body.customMode,
    title: title || titleFromPrompt(prompt),
    style: style || styleFromPlan(plan),
    render_style: style,
    duration,
    bpm: plan.bpm,
    key: keyName(plan),
    seed,
  };
  return {
    kind: 'music',
    model: body.model,
    body,
    params,
    tokens: countTokens(`${prompt}\n${style}\n${title}`),
    callbackUrl: body.callback_url,
    runMs: boundedRunMs(8000 + duration * 60),
  };
}
