import { describe, expect, it } from 'vitest';
import { promptWithCamera } from './camera';
import { splitScript, storyboardFromShots } from './script';
import { chatBody, shotsFromReply } from './script-chat';
import { sentDraft } from './storyboard';

const SCRIPT = `INT. PIER - NIGHT
Maya runs along the pier, rain falling.
MAYA: Wait for me!
Camera: tracking
EXT. HARBOUR - CONTINUOUS
She jumps into the boat.

The boat pulls away into the fog.
"Too late."`;

describe('a script becomes shots', () => {
  it('one per scene heading or paragraph, with its spoken line, camera move and a length for the line', () => {
    const shots = splitScript(SCRIPT);
    expect(shots).toHaveLength(3);
    expect(shots[0]).toEqual({
      prompt: 'INT. PIER - NIGHT Maya runs along the pier, rain falling.',
      narration: 'Wait for me!',
      camera: 'tracking',
      duration: 5,
    });
    expect(shots[1]).toMatchObject({
      prompt: 'EXT. HARBOUR - CONTINUOUS She jumps into the boat.',
      narration: '',
    });
    expect(shots[2]).toMatchObject({ narration: 'Too late.' });
    expect(splitScript('  \n\n ')).toEqual([]);
  });

  it('Chinese lines (全角 colon, 「」) are read too', () => {
    const [shot] = splitScript('玛雅在码头奔跑。\n玛雅：等等我！\n镜头：推镜');
    expect(shot).toMatchObject({ prompt: '玛雅在码头奔跑。', narration: '等等我！', camera: 'dolly-in' });
  });

  it('the drafted shots make a storyboard, each continuing from the one before, nothing run', () => {
    const board = storyboardFromShots('Pier chase', splitScript(SCRIPT));
    expect(board.shots.map((s) => s.continueFromPrevious)).toEqual([false, true, true]);
    expect(board.shots.map((s) => s.run.state)).toEqual(['idle', 'idle', 'idle']);
    expect(board.joins).toEqual(['cut', 'cut']);
    expect(board.shots[0]!.sound?.narration).toBe('Wait for me!');
    // The camera move is written into the prompt the request sends.
    expect(sentDraft(board, 0).prompt).toBe(promptWithCamera(board.shots[0]!.draft.prompt, 'tracking'));
    expect(sentDraft(board, 0).prompt).toMatch(/tracks alongside/);
  });
});

describe('the chat model drafts the shots', () => {
  it('asks with a JSON schema, and reads the structured reply leniently', () => {
    const body = chatBody('a scene');
    expect(body.response_format.type).toBe('json_schema');
    expect(body.response_format.json_schema.schema.properties.shots.items.required).toContain('narration');
    const reply = {
      choices: [
        {
          message: {
            content: JSON.stringify({
              shots: [
                { prompt: 'A pier at night', duration: 30, camera: 'Dolly in', narration: 'Wait!' },
                { prompt: '', narration: '' },
                'junk',
                { prompt: 'Fog', camera: 'spin' },
              ],
            }),
          },
        },
      ],
    };
    expect(shotsFromReply(reply)).toEqual([
      { prompt: 'A pier at night', duration: 15, camera: 'dolly-in', narration: 'Wait!' },
      { prompt: 'Fog', duration: 5, camera: 'none', narration: '' },
    ]);
    expect(shotsFromReply({ choices: [{ message: { content: 'not json' } }] })).toEqual([]);
  });
});
