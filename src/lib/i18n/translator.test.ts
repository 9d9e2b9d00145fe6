import { describe, expect, it, vi } from 'vitest';
import { createI18n, type Resources } from './translator';

const RESOURCES: Record<string, Resources> = {
  'en/common': {
    appName: 'Media Studio',
    nav: { settings: 'Settings' },
    onlyInEnglish: 'English only',
    items_one: '{{count, number}} item',
    items_other: '{{count, number}} items',
    otherOnly_other: '{{count}} things',
    baseOnly: '{{count}} of them',
    friend: 'A friend',
    friend_male: 'A boyfriend',
    friend_male_one: 'A boyfriend ({{count}})',
    friend_male_other: '{{count}} boyfriends',
    empty_zero: 'Nothing',
    empty_one: 'One',
    empty_other: 'Many',
    hello: 'Hello {{name}}, you are {{ age }}',
    total: '{{total, number}} in all',
    nested: { deep: { key: 'Deep' } },
    notAString: { a: 'A' },
  },
  'zh-CN/common': {
    appName: '媒体工作室',
    nav: { settings: '设置' },
    items_one: '{{count, number}} 项（一）',
    items_other: '{{count, number}} 项',
    hello: '你好 {{name}}',
  },
  'en/assets': { title: 'Assets', onlyHere: 'Assets only', appName: 'Assets app name' },
  'zh-CN/assets': { title: '素材库' },
  'en/tasks': { title: 'Tasks' },
  // No zh-CN/tasks file: the whole namespace falls back to English.
};

function setup(lng = 'en') {
  const load = vi.fn((lng: string, ns: string) => {
    const data = RESOURCES[`${lng}/${ns}`];
    return data ? Promise.resolve(data) : undefined;
  });
  const i18n = createI18n({ lng, fallbackLng: 'en', defaultNS: 'common', load });
  return { i18n, load };
}

async function ready(lng = 'en', namespaces = ['common', 'assets', 'tasks']) {
  const { i18n, load } = setup();
  await i18n.changeLanguage(lng);
  await i18n.loadNamespaces(namespaces);
  return { i18n, load };
}

describe('translator', () => {
  it('looks keys up by path in the default namespace, and returns the key when missing', async () => {
    const { i18n } = await ready();
    expect(i18n.t('nav.settings')).toBe('Settings');
    expect(i18n.t('nested.deep.key')).toBe('Deep');
    expect(i18n.t('nav.nowhere')).toBe('nav.nowhere');
    expect(i18n.t('notAString')).toBe('notAString');
  });

  it('uses defaultValue for a missing key, interpolated', async () => {
    const { i18n } = await ready();
    expect(i18n.t('roles.image', { defaultValue: 'image' })).toBe('image');
    expect(i18n.t('missing', { defaultValue: 'Hi {{name}}', name: 'Ann' })).toBe('Hi Ann');
    expect(i18n.t('appName', { defaultValue: 'ignored' })).toBe('Media Studio');
  });

  it('picks the plural form of the language by Intl.PluralRules for 0, 1 and 2', async () => {
    const { i18n } = await ready();
    expect(i18n.t('items', { count: 0 })).toBe('0 items');
    expect(i18n.t('items', { count: 1 })).toBe('1 item');
    expect(i18n.t('items', { count: 2 })).toBe('2 items');
    await i18n.changeLanguage('zh-CN');
    // Chinese has only "other": 1 takes it too, never the `_one` key the file happens to hold.
    expect(i18n.t('items', { count: 0 })).toBe('0 项');
    expect(i18n.t('items', { count: 1 })).toBe('1 项');
    expect(i18n.t('items', { count: 2 })).toBe('2 项');
  });

  it('falls back from a missing plural form to _other, then to the base key', async () => {
    const { i18n } = await ready();
    expect(i18n.t('otherOnly', { count: 1 })).toBe('1 things');
    expect(i18n.t('baseOnly', { count: 1 })).toBe('1 of them');
    expect(i18n.t('appName', { count: 3 })).toBe('Media Studio');
  });

  it('uses a _zero key for 0 when there is one', async () => {
    const { i18n } = await ready();
    expect(i18n.t('empty', { count: 0 })).toBe('Nothing');
    expect(i18n.t('empty', { count: 1 })).toBe('One');
    expect(i18n.t('empty', { count: 5 })).toBe('Many');
  });

  it('formats {{x, number}} by the active language, and leaves plain {{count}} unformatted', async () => {
    const { i18n } = await ready();
    expect(i18n.t('items', { count: 12345 })).toBe('12,345 items');
    expect(i18n.t('total', { total: 1234567.5 })).toBe('1,234,567.5 in all');
    expect(i18n.t('otherOnly', { count: 12345 })).toBe('12345 things');
    const { i18n: german } = setup('de-DE');
    await german.loadNamespaces('common');
    // No de-DE strings: English text, but the numbers formatted as the active language writes them.
    expect(german.t('items', { count: 12345 })).toBe('12.345 items');
  });

  it('selects a _context key, with its plural forms, and falls back to the key without context', async () => {
    const { i18n } = await ready();
    expect(i18n.t('friend', { context: 'male' })).toBe('A boyfriend');
    expect(i18n.t('friend', { context: 'male', count: 1 })).toBe('A boyfriend (1)');
    expect(i18n.t('friend', { context: 'male', count: 2 })).toBe('2 boyfriends');
    expect(i18n.t('friend', { context: 'female' })).toBe('A friend');
    expect(i18n.t('friend')).toBe('A friend');
  });

  it('interpolates variables; one not passed stays visible, one passed empty is empty', async () => {
    const { i18n } = await ready();
    expect(i18n.t('hello', { name: 'Ann', age: 30 })).toBe('Hello Ann, you are 30');
    expect(i18n.t('hello', { name: 'Ann' })).toBe('Hello Ann, you are {{ age }}');
    expect(i18n.t('hello', { name: undefined, age: null })).toBe('Hello , you are ');
    expect(i18n.t('hello')).toBe('Hello {{name}}, you are {{ age }}');
  });

  it('keeps markup in values as text (React escapes it where it is rendered)', async () => {
    const { i18n } = await ready();
    expect(i18n.t('hello', { name: '<b>&', age: 1 })).toBe('Hello <b>&, you are 1');
  });

  it('falls back to English per key, and per namespace missing in the language', async () => {
    const { i18n, load } = await ready('zh-CN');
    expect(i18n.t('nav.settings')).toBe('设置');
    expect(i18n.t('onlyInEnglish')).toBe('English only');
    expect(i18n.t('items', { count: 1 })).toBe('1 项');
    expect(i18n.getFixedT('tasks')('title')).toBe('Tasks');
    expect(load).toHaveBeenCalledWith('zh-CN', 'tasks');
    expect(load).toHaveBeenCalledWith('en', 'tasks');
  });

  it('looks in the fixed namespaces first, then in the default one', async () => {
    const { i18n } = await ready();
    const t = i18n.getFixedT('assets');
    expect(t('title')).toBe('Assets');
    expect(t('appName')).toBe('Assets app name');
    expect(t('nav.settings')).toBe('Settings');
    expect(i18n.getFixedT(['tasks', 'assets'])('title')).toBe('Tasks');
    expect(i18n.getFixedT(['tasks', 'assets'])('onlyHere')).toBe('Assets only');
    expect(t('title', { ns: 'tasks' })).toBe('Tasks');
  });

  it('reads "ns:key" as the key in that namespace', async () => {
    const { i18n } = await ready('zh-CN');
    expect(i18n.t('assets:title')).toBe('素材库');
    expect(i18n.getFixedT('tasks')('assets:title')).toBe('素材库');
    expect(i18n.t('tasks:title')).toBe('Tasks');
    expect(i18n.t('assets:nav.settings')).toBe('设置');
    expect(i18n.t('assets:nowhere')).toBe('nowhere');
  });

  it('loads a namespace once per language, in the language and English together', async () => {
    const { i18n, load } = setup();
    const switching = i18n.changeLanguage('zh-CN');
    const loading = i18n.loadNamespaces(['assets']);
    expect(i18n.language).toBe('en');
    await Promise.all([switching, loading]);
    expect(i18n.language).toBe('zh-CN');
    await i18n.loadNamespaces(['assets', 'common']);
    const calls = load.mock.calls.map(([lng, ns]) => `${lng}/${ns}`).sort();
    expect(calls).toEqual(['en/assets', 'en/common', 'zh-CN/assets', 'zh-CN/common']);
  });

  it('tells which loads a render must wait for, and starts them', async () => {
    const { i18n, load } = setup();
    const waiting = i18n.pending(['tasks']);
    expect(waiting).toHaveLength(2); // en/tasks and en/common (the default, not loaded yet)
    // The same promises until they settle: a re-render waits on the loads already started.
    const again = i18n.pending(['tasks']);
    expect(again).toHaveLength(2);
    again.forEach((promise, i) => expect(promise).toBe(waiting[i]));
    expect(load).toHaveBeenCalledTimes(2);
    await Promise.all(waiting);
    expect(i18n.pending(['tasks'])).toEqual([]);
    expect(i18n.t('tasks:title')).toBe('Tasks');
  });

  it('does not hang on a namespace that fails to load, and tries it again on the next request', async () => {
    let fail = true;
    const i18n = createI18n({
      lng: 'en',
      fallbackLng: 'en',
      defaultNS: 'common',
      load: (lng, ns) =>
        fail ? Promise.reject(new Error('offline')) : Promise.resolve(RESOURCES[`${lng}/${ns}`]!),
    });
    await i18n.loadNamespaces('common');
    expect(i18n.pending(['common'])).toEqual([]);
    expect(i18n.t('appName')).toBe('appName');
    fail = false;
    await i18n.loadNamespaces('common');
    expect(i18n.t('appName')).toBe('Media Studio');
  });

  it('switches language after loading every namespace in use, and tells its listeners', async () => {
    const { i18n, load } = await ready('en', ['common', 'assets']);
    const changed = vi.fn();
    const store = vi.fn();
    i18n.on('languageChanged', changed);
    const unsubscribe = i18n.subscribe(store);
    const before = i18n.snapshot(['assets']);
    await i18n.changeLanguage('zh-CN');
    expect(load).toHaveBeenCalledWith('zh-CN', 'assets');
    expect(changed).toHaveBeenCalledWith('zh-CN');
    expect(i18n.resolvedLanguage).toBe('zh-CN');
    expect(i18n.snapshot(['assets'])).not.toBe(before);
    expect(store).toHaveBeenCalled();
    unsubscribe();
    i18n.off('languageChanged', changed);
    await i18n.changeLanguage('en');
    expect(changed).toHaveBeenCalledTimes(1);
  });

  it('applies only the last of two quick language switches', async () => {
    const { i18n } = await ready();
    await Promise.all([i18n.changeLanguage('zh-CN'), i18n.changeLanguage('en')]);
    expect(i18n.language).toBe('en');
  });

  it("changes a namespace's snapshot when it loads, not when another one does", async () => {
    const { i18n } = setup();
    await i18n.loadNamespaces('common');
    const assets = i18n.snapshot(['assets']);
    await i18n.loadNamespaces('tasks');
    expect(i18n.snapshot(['assets'])).toBe(assets);
    await i18n.loadNamespaces('assets');
    expect(i18n.snapshot(['assets'])).not.toBe(assets);
  });
});
