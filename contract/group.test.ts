import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_GROUP_ID, LENIENT_GROUP_FIELDS, LenientGroupSchema } from './group';
import { CreateGroupSchema, GroupSchema, UpdateGroupSchema } from './group-schemas';
import { expectNoPrototypePollution, junk, junkRecord } from './test-support/arbitraries';

afterEach(expectNoPrototypePollution);

function messages(r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return (r.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('asset groups (specification, Asset group; LOCAL_API.md, Assets and groups)', () => {
  it('the default group is grp_default', () => {
    expect(DEFAULT_GROUP_ID).toBe('grp_default');
  });

  it('GroupSchema: the local group object', () => {
    const group = {
      object: 'asset_group',
      id: 'grp_1',
      group_id: 'grp_1',
      name: 'Default',
      description: '',
      asset_count: 0,
      created_at: 1,
      updated_at: 2,
    };
    expect(GroupSchema.safeParse(group).success).toBe(true);
    expect(GroupSchema.safeParse({ ...group, object: 'group' }).success).toBe(false);
    expect(GroupSchema.safeParse({ ...group, asset_count: -1 }).success).toBe(false);
  });

  it('CreateGroupSchema: name and description, description defaulting to empty', () => {
    expect(CreateGroupSchema.parse({ name: '  Campaign  ' })).toEqual({ name: 'Campaign', description: '' });
    expect(CreateGroupSchema.parse({ name: 'A', description: 'for spring' })).toEqual({
      name: 'A',
      description: 'for spring',
    });
  });

  it('CreateGroupSchema: clear messages for a missing, blank or long name and a long description', () => {
    expect(messages(CreateGroupSchema.safeParse({}))).toEqual([
      'name: name is required: a group name of 1 to 1000 characters',
    ]);
    expect(messages(CreateGroupSchema.safeParse({ name: '   ' }))).toEqual([
      'name: name is required: a group name of 1 to 1000 characters',
    ]);
    expect(messages(CreateGroupSchema.safeParse({ name: 7 }))).toEqual([
      'name: name is required: a group name of 1 to 1000 characters',
    ]);
    expect(messages(CreateGroupSchema.safeParse({ name: 'n'.repeat(1_001) }))).toEqual([
      'name: name must be at most 1000 characters',
    ]);
    expect(messages(CreateGroupSchema.safeParse({ name: 'ok', description: 'd'.repeat(2001) }))).toEqual([
      'description: description must be at most 2000 characters',
    ]);
  });

  it('UpdateGroupSchema (PATCH): name and/or description, or neither (issue 44)', () => {
    expect(UpdateGroupSchema.parse({ name: 'x' })).toEqual({ name: 'x' });
    expect(UpdateGroupSchema.parse({ description: '' })).toEqual({ description: '' });
    expect(UpdateGroupSchema.parse({})).toEqual({});
    expect(UpdateGroupSchema.parse({ other: 1 })).toEqual({});
    expect(messages(UpdateGroupSchema.safeParse({ name: '' }))).toEqual([
      'name: name is required: a group name of 1 to 1000 characters',
    ]);
  });

  it('property: the request schemas never throw on junk', () => {
    fc.assert(
      fc.property(junk, (v) => {
        expect(typeof CreateGroupSchema.safeParse(v).success).toBe('boolean');
        expect(typeof UpdateGroupSchema.safeParse(v).success).toBe('boolean');
      }),
    );
  });
});

describe('LenientGroupSchema', () => {
  it('falls back from id to group_id and passes unknown fields through', () => {
    const r = LenientGroupSchema.safeParse({
      group_id: 'grp_9',
      name: 'X',
      color: 'red',
      asset_count: 'many',
    });
    expect(r.success).toBe(true);
    if (!r.success) return;
    expect(r.data.id).toBe('grp_9');
    expect((r.data as Record<string, unknown>).color).toBe('red');
    expect(r.data.asset_count).toBeUndefined();
  });

  it('property: never throws; an object with an id parses and keeps unknown fields', () => {
    const known = new Set<string>(LENIENT_GROUP_FIELDS);
    fc.assert(
      fc.property(junk, fc.string({ minLength: 1 }), junkRecord, (v, id, extra) => {
        expect(typeof LenientGroupSchema.safeParse(v).success).toBe('boolean');
        const r = LenientGroupSchema.safeParse({ ...extra, id });
        expect(r.success).toBe(true);
        if (!r.success) return;
        for (const [k, val] of Object.entries(extra)) {
          if (known.has(k) || k === '__proto__') continue;
          expect((r.data as Record<string, unknown>)[k]).toBe(val);
        }
      }),
    );
  });
});
