import { startEarlyRequests } from '@/app/early-start';

/*
 * The early script: built on its own, dependency-free, and loaded by index.html ahead of the
 * app's modules (scripts/vite-first-route.ts, decision 245), so that the first open's key and list
 * are on the wire with the document rather than once the shell has run. Should anything here fail,
 * the app asks for everything itself, as it would without this script.
 */
try {
  startEarlyRequests();
} catch {
  // Nothing to do: the app's own requests follow.
}
