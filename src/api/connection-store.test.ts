import { beforeEach, describe, expect, it } from 'vitest';
import {
  CONNECTION_STORAGE_KEY,
  connectionStorage,
  isValidBaseUrl,
  normalizeBaseUrl,
  useConnectionStore,
} from '@/api/connection-store';

const store = () => useConnectionStore.getState();
const local = () => localStorage.getItem(CONNECTION_STORAGE_KEY) ?? '';
const session = () => sessionStorage.getItem(CONNECTION_STORAGE_KEY) ?? '';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  useConnectionStore.setState({ baseUrl: '', apiKey: '', remember: false, keySource: 'none' });
});

describe('connection store', () => {
  it('keeps the key out of localStorage unless remember is on', () => {
    store().connectionSaved({ baseUrl: 'https://api.example.com/', apiKey: ' sk-secret ', remember: false });
    expect(store().apiKey).toBe('sk-secret');
    expect(store().baseUrl).toBe('https://api.example.com');
    expect(local()).not.toContain('sk-secret');
    expect(local()).toContain('https://api.example.com');
    expect(session()).toContain('sk-secret');
  });

  it('persists the key to localStorage when remembered, and unticking removes it at once', () => {
    store().connectionSaved({ baseUrl: '', apiKey: 'sk-secret', remember: true });
    expect(local()).toContain('sk-secret');
    expect(session()).not.toContain('sk-secret');

    store().rememberToggled(false);
    expect(local()).not.toContain('sk-secret');
    expect(session()).toContain('sk-secret');
    expect(store().apiKey).toBe('sk-secret');
  });

  it('never writes the bootstrap key to localStorage, and only adopts it when no key is stored', () => {
    useConnectionStore.setState({ remember: true });
    store().bootstrapKeyReceived('sk-local-dev');
    expect(store().apiKey).toBe('sk-local-dev');
    expect(store().keySource).toBe('bootstrap');
    expect(local()).not.toContain('sk-local-dev');
    expect(session()).toContain('sk-local-dev');

    store().connectionSaved({ baseUrl: '', apiKey: 'sk-mine', remember: false });
    store().bootstrapKeyReceived('sk-local-dev');
    expect(store().apiKey).toBe('sk-mine');
  });

  it('reads the key back from sessionStorage or localStorage', () => {
    store().connectionSaved({ baseUrl: 'http://h', apiKey: 'sk-session', remember: false });
    expect(connectionStorage.getItem(CONNECTION_STORAGE_KEY)).toMatchObject({
      state: { baseUrl: 'http://h', apiKey: 'sk-session', remember: false, keySource: 'user' },
    });
    store().connectionSaved({ baseUrl: 'http://h', apiKey: 'sk-local', remember: true });
    sessionStorage.clear();
    expect(connectionStorage.getItem(CONNECTION_STORAGE_KEY)).toMatchObject({
      state: { apiKey: 'sk-local' },
    });
  });

  it('forgets the key everywhere', () => {
    store().connectionSaved({ baseUrl: '', apiKey: 'sk-secret', remember: true });
    store().keyCleared();
    expect(local() + session()).not.toContain('sk-secret');
  });
});

describe('base URL', () => {
  it('accepts same origin or http(s) URLs only', () => {
    expect(isValidBaseUrl('')).toBe(true);
    expect(isValidBaseUrl('http://127.0.0.1:8787')).toBe(true);
    expect(isValidBaseUrl('https://api.example.com/prefix')).toBe(true);
    expect(isValidBaseUrl('ftp://x')).toBe(false);
    expect(isValidBaseUrl('api.example.com')).toBe(false);
    expect(isValidBaseUrl('https://x?key=1')).toBe(false);
    expect(normalizeBaseUrl(' https://x/// ')).toBe('https://x');
  });
});
